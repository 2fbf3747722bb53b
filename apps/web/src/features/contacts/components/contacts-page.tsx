import type { ContactSummary } from '@doppel/contracts';
import { ChevronRight, Contact as ContactIcon, SearchX } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LanguageBadge } from '@/components/language-badge';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { formatCount } from '@/lib/format-number';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useWindowedList } from '@/lib/use-windowed-list';
import { useContactBook } from '../api/contacts-api';
import { channelLabel } from '../utils/channel-label';
import { formatFullDate, formatShortDate } from '@/lib/dates';

const SEARCH_DEBOUNCE_MS = 250;
/** A row's usual height before it is measured, and the space between rows. */
const ESTIMATED_ROW_HEIGHT = 74;
const ROW_GAP = 8;

/** /contacts: everyone the twin talks to, searchable, a page at a time. */
export function ContactsPage() {
  const { t, i18n } = useTranslation('contacts');
  useDocumentTitle(t('title'));
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const book = useContactBook(q);
  const contacts = book.data?.pages.flatMap((page) => page.items) ?? [];
  const first = book.data?.pages[0];
  const total = first?.total ?? null;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 lg:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === null
              ? t('subtitle')
              : first?.totalCapped
                ? t('countCapped', { formatted: formatCount(total, i18n.language) })
                : t('count', { count: total, formatted: formatCount(total, i18n.language) })}
          </p>
        </div>
        <SearchField
          className="md:max-w-sm"
          value={search}
          onChange={setSearch}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          clearLabel={t('search.clear')}
        />
      </header>

      {book.isPending ? (
        <ListSkeleton label={t('loading')} count={6} itemClassName="h-16 rounded-lg border bg-muted/40">
          {null}
        </ListSkeleton>
      ) : book.isError && contacts.length === 0 ? (
        <ErrorState
          message={errorMessage(book.error, t('errors.load'))}
          onRetry={() => void book.refetch()}
          retrying={book.isFetching}
        />
      ) : contacts.length === 0 ? (
        q ? (
          <EmptyState icon={SearchX} title={t('empty.search', { query: q })} hint={t('empty.searchHint')} />
        ) : (
          <EmptyState icon={ContactIcon} title={t('empty.title')} hint={t('empty.hint')} />
        )
      ) : (
        <ContactList
          contacts={contacts}
          total={total ?? undefined}
          hasNextPage={book.hasNextPage}
          isFetchingNextPage={book.isFetchingNextPage}
          loadsOnScroll={!book.isFetchNextPageError}
          fetchNextPage={() => void book.fetchNextPage()}
        />
      )}
    </div>
  );
}

/** The loaded contacts, windowed: only the rows near the window are in the page. */
function ContactList({
  contacts,
  total,
  hasNextPage,
  isFetchingNextPage,
  loadsOnScroll,
  fetchNextPage,
}: {
  contacts: ContactSummary[];
  total: number | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  loadsOnScroll: boolean;
  fetchNextPage: () => void;
}) {
  const { t } = useTranslation('contacts');
  const { items, listProps, rowProps } = useWindowedList({
    count: contacts.length,
    keyOf: (index) => contacts[index]!.id,
    estimatedRowHeight: ESTIMATED_ROW_HEIGHT,
    gap: ROW_GAP,
    total,
    hasNextPage,
    isFetchingNextPage,
    loadsOnScroll,
    fetchNextPage,
  });
  return (
    <>
      <ul {...listProps} aria-label={t('listLabel')}>
        {items.map((item) => (
          <li key={item.key} {...rowProps(item)}>
            <ContactRow contact={contacts[item.index]!} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          loading={isFetchingNextPage}
          onClick={fetchNextPage}
        >
          {t('loadMore')}
        </Button>
      ) : null}
    </>
  );
}

/** One contact in the list: who, where, which persona, when last, and what is open. */
const ContactRow = memo(function ContactRow({ contact }: { contact: ContactSummary }) {
  const { t, i18n } = useTranslation('contacts');
  return (
    <Link
      to={`/contacts/${contact.id}`}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground"
      >
        {contact.name.slice(0, 1).toUpperCase()}
      </span>
      <span className="grid min-w-0 gap-1">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{contact.name}</span>
          <LanguageBadge code={contact.language} />
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          {contact.company ? <span className="truncate">{contact.company}</span> : null}
          <span>{contact.channels.map((channel) => channelLabel(channel.source, t)).join(' · ')}</span>
          <span>
            {contact.persona ? t('row.persona', { name: contact.persona.name }) : t('row.noPersona')}
          </span>
          {contact.lastContactAt ? (
            <span>
              {t('row.lastContact')}{' '}
              <time
                dateTime={contact.lastContactAt}
                title={formatFullDate(contact.lastContactAt, i18n.language)}
              >
                {formatShortDate(contact.lastContactAt)}
              </time>
            </span>
          ) : (
            <span>{t('row.neverContacted')}</span>
          )}
          {contact.openTasks > 0 ? (
            <span className="font-medium text-foreground">
              {t('row.openTasks', { count: contact.openTasks })}
            </span>
          ) : null}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
    </Link>
  );
});
