import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { intlLocale } from '@/lib/i18n';

interface BoardPaginationProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** "51–100 of 230" with previous and next page; shown only when there is more than one page. */
export function BoardPagination({ page, limit, total, onPageChange }: BoardPaginationProps) {
  const { t, i18n } = useTranslation('tasksBoard');
  const pages = Math.ceil(total / limit);
  if (pages <= 1) return null;
  const numbers = new Intl.NumberFormat(intlLocale(i18n.resolvedLanguage));
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center justify-end gap-3 pt-2">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t('pagination.range', {
          from: numbers.format(from),
          to: numbers.format(to),
          total: numbers.format(total),
        })}
      </p>
      <div className="flex gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('pagination.previous')}
          title={t('pagination.previous')}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('pagination.next')}
          title={t('pagination.next')}
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
