import type { ChatMessage } from '@doppel/contracts';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatChatDateTime, formatChatTime } from '../utils/chat-time';

function useEngineMark(engine: ChatMessage['engine']): string | null {
  const { t } = useTranslation('agent');
  if (!engine) return null;
  if (engine.kind === 'offline') return t('engine.offline');
  if (engine.kind === 'command') return t('engine.command');
  return engine.model ?? t('engine.model');
}

/** One line of the console: who, when, what wrote it, and the text exactly as written. */
export function ChatMessageItem({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation('agent');
  const mark = useEngineMark(message.type === 'assistant' ? message.engine : null);
  const user = message.type === 'user';
  return (
    <li className="grid gap-1" data-role={message.type}>
      <div className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-400">
        <span className={cn('font-semibold', user ? 'text-emerald-400' : 'text-sky-300')}>
          {user ? t('log.you') : t('log.twin')}
        </span>
        <time dateTime={message.timestamp} title={formatChatDateTime(message.timestamp, i18n.language)}>
          {formatChatTime(message.timestamp, i18n.language)}
        </time>
        {mark ? <span className="rounded border border-zinc-700 px-1 leading-4">{mark}</span> : null}
      </div>
      <MessageText user={user}>{message.content}</MessageText>
    </li>
  );
}

/** The answer as it streams in, with a cursor where the next words will appear. */
export function StreamingMessage({ text }: { text: string }) {
  const { t } = useTranslation('agent');
  return (
    <li className="grid gap-1" data-role="assistant" aria-busy="true">
      <div className="text-xs font-semibold text-sky-300">{t('log.twin')}</div>
      <MessageText user={false}>
        {text}
        <span
          aria-hidden="true"
          className="ml-0.5 inline-block h-4 w-2 animate-pulse bg-zinc-300 align-text-bottom"
        />
      </MessageText>
    </li>
  );
}

function MessageText({ user, children }: { user: boolean; children: React.ReactNode }) {
  return (
    <div className={cn('flex gap-1.5', user ? 'text-zinc-50' : 'text-zinc-200')}>
      {user ? <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" /> : null}
      {/* Plain text, never markup: what the twin or the user wrote is shown as written. */}
      <p className="min-w-0 flex-1 break-words whitespace-pre-wrap">{children}</p>
    </div>
  );
}
