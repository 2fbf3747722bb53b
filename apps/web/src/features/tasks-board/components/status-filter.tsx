import type { TaskCounts } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';
import { intlLocale } from '@/lib/i18n';
import { STATUS_FILTERS, type StatusFilter } from '../utils/board-filter';

/** How many tasks a tab holds; unknown (still loading, or failed) leaves the slot empty. */
function countFor(filter: StatusFilter, counts: TaskCounts | undefined): number | undefined {
  if (!counts) return undefined;
  return filter === 'all' ? counts.total : counts.byStatus[filter];
}

/**
 * The status tabs: All, Pending, In progress, Completed, each with its count. Must sit
 * inside <Tabs>; the count is part of the tab's name ("Pending 6") as it is on screen.
 */
export function StatusFilterTabs({ counts }: { counts: TaskCounts | undefined }) {
  const { t, i18n } = useTranslation(['tasksBoard', 'tasks']);
  const numbers = new Intl.NumberFormat(intlLocale(i18n.resolvedLanguage));
  return (
    <TabsList aria-label={t('filters.label')} className="justify-self-start">
      {STATUS_FILTERS.map((filter) => {
        const count = countFor(filter, counts);
        return (
          <TabsTrigger key={filter} value={filter}>
            {filter === 'all' ? t('filters.all') : t(`tasks:status.${filter}`)}
            {/* The space keeps the name readable: "Pending 6", not "Pending6". */}{' '}
            {/* A reserved slot, so the tabs do not shift when the counts arrive. */}
            <span className="min-w-6 rounded-full bg-foreground/10 px-1.5 text-center text-xs tabular-nums text-muted-foreground empty:invisible">
              {count === undefined ? '' : numbers.format(count)}
            </span>
          </TabsTrigger>
        );
      })}
    </TabsList>
  );
}
