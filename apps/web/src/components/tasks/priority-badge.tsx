import type { TaskPriority } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** Priority colours: high red, medium yellow, low green. */
const PRIORITY_VARIANT = { high: 'danger', medium: 'warning', low: 'success' } as const;

export function PriorityBadge({ priority, className }: { priority: TaskPriority; className?: string }) {
  const { t } = useTranslation('tasks');
  const label = t(`priority.${priority}`);
  return (
    <Badge
      variant={PRIORITY_VARIANT[priority]}
      className={className}
      data-priority={priority}
      title={t('priorityLabel', { value: label })}
    >
      {label}
    </Badge>
  );
}
