import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const TASK_LIST_HEADING_ID = 'task-list-heading';

/** The list's title and its count of tasks, with an action beside them. */
export function TaskListHeading({ total, children }: { total: number | undefined; children?: ReactNode }) {
  const { t } = useTranslation('assistant');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <h1 id={TASK_LIST_HEADING_ID} className="text-xl font-semibold">
          {t('title')}
        </h1>
        {/* A non-breaking space keeps the line's height while the count loads: no layout shift. */}
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {total !== undefined ? t('list.count', { count: total }) : '\u00a0'}
        </p>
      </div>
      {children}
    </div>
  );
}
