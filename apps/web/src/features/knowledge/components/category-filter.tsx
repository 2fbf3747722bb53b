import type { DocumentCategory, DocumentList } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatCount } from '../utils/format';

export type CategoryFilterValue = DocumentCategory | 'all';

/** All, thoughts, documents, links, then articles and references. */
export const CATEGORY_FILTERS: readonly CategoryFilterValue[] = [
  'all',
  'thoughts',
  'documents',
  'links',
  'articles',
  'references',
];

/**
 * The category chips with their counts. Toggle buttons (aria-pressed); the count is part of the
 * name ("Links 2") as it is on screen.
 */
export function CategoryFilter({
  value,
  counts,
  onChange,
}: {
  value: CategoryFilterValue;
  counts: DocumentList['categoryCounts'] | undefined;
  onChange: (value: CategoryFilterValue) => void;
}) {
  const { t, i18n } = useTranslation('knowledge');
  return (
    <div role="group" aria-label={t('categories.label')} className="flex flex-wrap gap-2">
      {CATEGORY_FILTERS.map((category) => {
        const active = category === value;
        const count = counts?.[category];
        return (
          <button
            key={category}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(category)}
            className={cn(
              'inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:min-h-8',
              active
                ? 'border-transparent bg-primary text-primary-foreground'
                : 'bg-background text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            {t(`categories.${category}`)}{' '}
            {/* A reserved slot, so the chips do not shift when the counts arrive. */}
            <span
              className={cn(
                'min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums empty:invisible',
                active ? 'bg-primary-foreground/20' : 'bg-foreground/10',
              )}
            >
              {count === undefined ? '' : formatCount(count, i18n.language)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
