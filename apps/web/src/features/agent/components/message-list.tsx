import type { ChatHistory } from '@doppel/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import type { ChatStreamState } from '../api/use-chat-stream';
import { ChatMessageItem, StreamingMessage } from './chat-message';

const KNOWN_TOOLS = new Set(['list_tasks', 'create_task', 'search_knowledge', 'contact_history']);

/** Within this many pixels of the end, the list counts as read to the end and follows new text. */
const STICK_DISTANCE = 48;

interface MessageListProps {
  history: UseQueryResult<ChatHistory>;
  stream: ChatStreamState;
  /** Set to true to bring the end into view with the next change (after sending). */
  stickRef: RefObject<boolean>;
}

/**
 * The conversation: messages oldest first, the answer being written, and
 * what the twin is doing. It follows new text while the reader is at the end, and leaves them
 * alone while they scroll back.
 */
export function MessageList({ history, stream, stickRef }: MessageListProps) {
  const { t } = useTranslation('agent');
  const scroller = useRef<HTMLDivElement>(null);
  const items = history.data?.items;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && stickRef.current) element.scrollTop = element.scrollHeight;
  }, [items, stream.text, stream.tool, stream.answering, stickRef]);

  let content;
  if (history.isPending) {
    content = (
      <div role="status" className="grid gap-4">
        <span className="sr-only">{t('log.loading')}</span>
        {[0.6, 0.85, 0.5].map((width) => (
          <div key={width} className="grid gap-1.5" aria-hidden="true">
            <Skeleton className="h-3 w-24 bg-zinc-800" />
            <Skeleton className="h-4 bg-zinc-800" style={{ width: `${width * 100}%` }} />
          </div>
        ))}
      </div>
    );
  } else if (!items) {
    content = (
      <ErrorState
        message={errorMessage(history.error, t('errors.load'))}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  } else {
    const streaming = stream.answering && stream.text !== '';
    content = (
      <div role="log" aria-live="polite" aria-label={t('log.label')}>
        {items.length === 0 && !stream.answering ? (
          <div className="grid gap-1 text-zinc-400">
            <p>{t('log.empty')}</p>
            <p>{t('log.emptyHint')}</p>
          </div>
        ) : (
          <ol className="grid gap-4">
            {items.map((message) => (
              <ChatMessageItem key={message.id} message={message} />
            ))}
            {streaming ? <StreamingMessage text={stream.text} /> : null}
          </ol>
        )}
      </div>
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        stickRef.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_DISTANCE;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4"
    >
      {content}
      <div role="status" className="mt-3 grid gap-1 text-xs text-zinc-400">
        {stream.answering && stream.tool ? (
          <p>{KNOWN_TOOLS.has(stream.tool) ? t(`tools.${stream.tool as 'list_tasks'}`) : t('tools.other')}</p>
        ) : null}
        {stream.answering ? <p className="animate-pulse">{t('typing')}</p> : null}
      </div>
    </div>
  );
}
