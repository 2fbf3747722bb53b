import { SquareTerminal } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChatHistory } from '../api/get-chat-history';
import { useChatStream } from '../api/use-chat-stream';
import { AgentStatusLine } from './agent-status-line';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';

/** "/clear" (with or without arguments) deletes the whole conversation on the server. */
function isClearCommand(content: string): boolean {
  return content.split(/\s+/, 1)[0]!.toLowerCase() === '/clear';
}

/**
 * /agent: a terminal-style console to talk to the twin. On a desktop it
 * fills the area beside the sidebar; on a phone the space between the header and the tab bar,
 * with the prompt right above the bar. Commands (/help, /status, …) are run by the server.
 */
export function AgentPage() {
  const { t } = useTranslation('agent');
  useDocumentTitle(t('title'));
  const history = useChatHistory();
  const chat = useChatStream();
  const [draft, setDraft] = useState('');
  const [confirmingClear, setConfirmingClear] = useState<string | null>(null);
  const stick = useRef(true);
  const { frame, top } = useViewportTop();
  const input = useRef<HTMLTextAreaElement>(null);

  const send = async (content: string) => {
    const typed = draft;
    setDraft('');
    stick.current = true;
    // Nothing typed is lost: a refused or failed message comes back into the prompt.
    if (!(await chat.send(content))) setDraft((current) => current || typed);
  };

  return (
    <div
      ref={frame}
      style={{ '--console-top': `${top}px` } as CSSProperties}
      className="flex h-[calc(100dvh-var(--console-top)-4rem-env(safe-area-inset-bottom))] flex-col md:h-[calc(100dvh-var(--console-top))] md:p-6"
    >
      <section
        aria-labelledby="agent-title"
        className="flex min-h-0 flex-1 flex-col bg-zinc-950 font-mono text-sm text-zinc-100 md:rounded-xl md:border md:border-zinc-800 md:shadow-lg"
      >
        <header className="flex items-center justify-between gap-3 border-b border-zinc-800 px-4 py-3">
          <h1 id="agent-title" className="flex items-center gap-2 text-base font-semibold">
            <SquareTerminal aria-hidden="true" className="size-4 text-emerald-400" />
            {t('title')}
          </h1>
          <AgentStatusLine />
        </header>
        <MessageList history={history} stream={chat} stickRef={stick} />
        <ChatInput
          value={draft}
          onChange={setDraft}
          disabled={chat.answering}
          inputRef={input}
          onSubmit={(content) => {
            if (isClearCommand(content)) setConfirmingClear(content);
            else void send(content);
          }}
        />
      </section>
      <ConfirmDialog
        open={confirmingClear !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingClear(null);
        }}
        title={t('clear.title')}
        description={t('clear.description')}
        cancelLabel={t('clear.cancel')}
        confirmLabel={t('clear.confirm')}
        onConfirm={() => {
          const content = confirmingClear;
          setConfirmingClear(null);
          if (content) void send(content);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
      />
    </div>
  );
}

/**
 * Where the console starts on the page, so it can fill the window below the header (and the
 * demo banner, when there is one) with the message list scrolling inside it.
 */
function useViewportTop() {
  const frame = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (frame.current) setTop(frame.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    // The banner above can appear or go; the window can turn.
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return { frame, top };
}
