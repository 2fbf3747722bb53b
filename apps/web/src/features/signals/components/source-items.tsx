import type { SignalItem, SignalItemList } from '@doppel/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowUpRight, ExternalLink, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { useSourceItems } from '../api/signals-api';
import { useNow } from '../hooks/use-now';
import { formatDateTime, formatRelativeTime, taskHref } from '../utils/signal-format';

/** A link leaving the app: only http(s), opened apart, telling nothing about where it came from. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function ItemRow({ item }: { item: SignalItem }) {
  const { t, i18n } = useTranslation('signals');
  const now = useNow();
  return (
    <li className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="grid min-w-0 gap-0.5">
        {item.url && isWebAddress(item.url) ? (
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-w-0 items-center gap-1 rounded-sm text-sm font-medium break-words hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="min-w-0">{item.title}</span>{' '}
            <ExternalLink className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">{t('items.opensNewTab')}</span>
          </a>
        ) : (
          <p className="text-sm font-medium break-words">{item.title}</p>
        )}
        <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span>{t(`itemKinds.${item.kind}`)}</span>
          <time dateTime={item.seenAt} title={formatDateTime(item.seenAt, i18n.language)}>
            {t('items.seen', { when: formatRelativeTime(item.seenAt, i18n.language, now) })}
          </time>
        </p>
      </div>
      {item.taskId ? (
        <Button variant="outline" size="sm" asChild className="self-start sm:self-auto">
          <Link to={taskHref(item.taskId)} aria-label={t('items.openTaskFor', { title: item.title })}>
            <ArrowUpRight aria-hidden="true" />
            {t('items.openTask')}
          </Link>
        </Button>
      ) : (
        <span className="text-xs text-muted-foreground sm:text-right">{t('items.noTask')}</span>
      )}
    </li>
  );
}

/** A list of items with its loading, error and empty states. */
export function ItemList({
  query,
  label,
  empty,
}: {
  query: UseQueryResult<SignalItemList>;
  label: string;
  empty: string;
}) {
  const { t } = useTranslation('signals');
  if (query.isPending)
    return (
      <div role="status" className="grid gap-2 py-2">
        <span className="sr-only">{t('items.loading')}</span>
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="grid gap-1.5" aria-hidden="true">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        ))}
      </div>
    );
  if (!query.data)
    return (
      <ErrorState
        message={errorMessage(query.error, t('errors.loadItems'))}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data.items.length === 0)
    return (
      <p className="flex items-center gap-2 py-3 text-sm text-muted-foreground">
        <Hourglass className="size-4" aria-hidden="true" />
        {empty}
      </p>
    );
  return (
    <ul aria-label={label} className="divide-y">
      {query.data.items.map((item) => (
        <ItemRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

/** A source's recent items, newest first, each with the task it made (or why none). */
export function SourceItems({ sourceId, name, id }: { sourceId: string; name: string; id: string }) {
  const { t } = useTranslation('signals');
  const items = useSourceItems(sourceId);
  return (
    <div id={id} className="rounded-lg border bg-subtle px-3">
      <ItemList query={items} label={t('items.label', { name })} empty={t('items.empty')} />
    </div>
  );
}
