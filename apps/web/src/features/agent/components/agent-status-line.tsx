import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useAgentStatus } from '../api/get-agent-status';

/**
 * Online or offline, and which engine answers: the offline engine says so and never passes for
 * a model. When offline, the reason is shown beside it.
 */
export function AgentStatusLine() {
  const { t } = useTranslation('agent');
  const status = useAgentStatus();
  const data = status.data;

  if (!data) {
    return (
      <p className="text-xs text-zinc-400">{status.isPending ? t('status.checking') : t('status.unknown')}</p>
    );
  }
  const engine = data.engine === 'offline' ? t('status.offlineEngine') : (data.model ?? t('engine.model'));
  const reason = !data.online && data.error ? data.error : null;
  return (
    <div className="grid min-w-0 justify-items-end gap-0.5 text-xs">
      <p
        className="flex items-center gap-2"
        title={reason ? t('status.reason', { error: reason }) : undefined}
      >
        <span
          aria-hidden="true"
          className={cn('size-2 shrink-0 rounded-full', data.online ? 'bg-emerald-400' : 'bg-red-400')}
        />
        <span className={data.online ? 'text-emerald-300' : 'text-red-300'}>
          {data.online ? t('status.online') : t('status.offline')}
        </span>
        <span className="truncate text-zinc-400">{engine}</span>
      </p>
      {reason ? (
        <p className="max-w-xs truncate text-red-300 md:max-w-md" title={reason}>
          {t('status.reason', { error: reason })}
        </p>
      ) : null}
    </div>
  );
}
