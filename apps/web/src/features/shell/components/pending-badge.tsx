import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Red count of pending tasks on the actions tab; nothing when there are none. */
export function PendingBadge({ count, className }: { count: number | undefined; className?: string }) {
  const { t } = useTranslation('shell');
  if (!count || count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] leading-none font-semibold text-white tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('nav.pendingTasks', { value: count })}</span>
    </span>
  );
}
