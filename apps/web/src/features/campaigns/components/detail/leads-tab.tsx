import {
  campaignTitle,
  leadStatuses,
  leadStatusSchema,
  type Campaign,
  type Lead,
  type LeadStatus,
} from '@doppel/contracts';
import { Download, Mail, Search, Upload, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsDesktop } from '@/lib/use-media-query';
import {
  isRunning,
  LEADS_PAGE_SIZE,
  useCallListDownload,
  useDeleteLead,
  useLeads,
  useUpdateLeadStatus,
} from '../../api/campaign-detail-api';
import { AddLeadDialog } from './add-lead-dialog';
import { hasEnded } from './campaign-state';
import { BulkEmailDialog } from './bulk-email-dialog';
import { formatNumber } from './detail-format';
import { ImportLeadsDialog } from './import-leads-dialog';
import { LeadCard } from './lead-card';
import type { LeadItemProps } from './lead-parts';
import { LeadRow } from './lead-row';

const SEARCH_DELAY_MS = 300;
/** The server takes at most this many leads in one bulk email (contracts: bulkEmailInputSchema). */
const BULK_EMAIL_MAX = 500;

/**
 * Leads: search and status filter, the table (cards on phones) with selection, per-lead status,
 * held and sequence state, enrichment details; Add lead, Import CSV, Bulk Email to the selected
 * leads and the Call List.
 */
export function LeadsTab({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const language = i18n.language;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [status, setStatus] = useState<LeadStatus | undefined>(undefined);
  // The cursor of each page the user went through: the last one is the page on screen
  // (undefined: the first). Previous goes back one; a new filter starts again from the first.
  const [cursors, setCursors] = useState<ReadonlyArray<string | undefined>>([undefined]);
  const page = cursors.length;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'add' | 'import' | 'email' | null>(null);

  const filter = { status, search: search || undefined };
  const { page: leads, first } = useLeads(campaign.id, filter, cursors.at(-1), { live: isRunning(campaign) });
  const updateStatus = useUpdateLeadStatus(campaign.id);
  const deleteLead = useDeleteLead(campaign.id);
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const callList = useCallListDownload(campaign.id);
  const ended = hasEnded(campaign);
  // Below the md breakpoint the leads are cards; the table needs a wide screen.
  const isDesktop = useIsDesktop();

  const items = leads.data?.items ?? [];
  // The first page counts the matches (up to LEAD_COUNT_CAP, then "more than").
  const total = first.data?.total ?? 0;
  const totalCapped = first.data?.totalCapped ?? false;
  const pages = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const nextCursor = leads.isPlaceholderData ? null : (leads.data?.nextCursor ?? null);
  const filtered = Boolean(filter.search || status);
  /** What each lead's row or card is given. */
  const itemProps = (lead: Lead): LeadItemProps => ({
    lead,
    selected: selected.has(lead.id),
    onSelect: (on) => setSelected((current) => toggle(current, lead.id, on)),
    expanded: expanded.has(lead.id),
    onToggle: () => setExpanded((current) => toggle(current, lead.id, !current.has(lead.id))),
    statusPending: updateStatus.isPending && updateStatus.variables?.leadId === lead.id,
    onStatusChange: (next) => updateStatus.mutate({ leadId: lead.id, status: next }),
    onDelete: () => setDeleting(lead),
  });
  const allOnPage = items.length > 0 && items.every((lead) => selected.has(lead.id));
  const someOnPage = items.some((lead) => selected.has(lead.id));

  const toggle = (set: ReadonlySet<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };
  const selectPage = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const lead of items) {
        if (on) next.add(lead.id);
        else next.delete(lead.id);
      }
      return next;
    });
  const changeFilter = (apply: () => void) => {
    apply();
    setCursors([undefined]);
  };

  const selectedCount = selected.size;
  const tooMany = selectedCount > BULK_EMAIL_MAX;

  return (
    <div className="grid gap-4">
      {ended ? (
        <Notice variant="neutral" size="sm">
          <p>{t('leads.ended')}</p>
        </Notice>
      ) : null}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-1 flex-wrap items-end gap-2">
          <div className="relative w-full sm:w-64">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label={t('leads.search')}
              placeholder={t('leads.searchPlaceholder')}
              value={searchText}
              className="pl-9"
              onChange={(event) => changeFilter(() => setSearchText(event.target.value))}
            />
          </div>
          <Select
            aria-label={t('leads.filterStatus')}
            value={status ?? ''}
            className="w-full sm:w-48"
            onChange={(event) => {
              const parsed = leadStatusSchema.safeParse(event.target.value);
              changeFilter(() => setStatus(parsed.success ? parsed.data : undefined));
            }}
          >
            <option value="">{t('leads.allStatuses')}</option>
            {leadStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`leadStatus.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={ended} onClick={() => setDialog('add')}>
            <UserPlus aria-hidden="true" />
            {t('leads.add')}
          </Button>
          <Button variant="outline" disabled={ended} onClick={() => setDialog('import')}>
            <Upload aria-hidden="true" />
            {t('leads.import')}
          </Button>
          <Button
            disabled={ended || selectedCount === 0 || tooMany}
            onClick={() => setDialog('email')}
            title={tooMany ? t('leads.tooMany', { max: BULK_EMAIL_MAX }) : undefined}
          >
            <Mail aria-hidden="true" />
            {t('leads.bulkEmail')}
          </Button>
          <Button
            variant="outline"
            loading={callList.isPending}
            onClick={() => callList.mutate(t('leads.callListFile', { name: campaignTitle(campaign.name) }))}
          >
            <Download aria-hidden="true" />
            {t('leads.callList')}
          </Button>
        </div>
      </div>

      <div
        className="flex min-h-6 flex-wrap items-center gap-3 text-sm text-muted-foreground"
        aria-live="polite"
      >
        {first.data ? (
          <span>
            {t(totalCapped ? 'leads.totalCapped' : 'leads.total', { value: formatNumber(total, language) })}
          </span>
        ) : null}
        {selectedCount > 0 ? (
          <>
            <span>{t('leads.selected', { value: formatNumber(selectedCount, language) })}</span>
            <Button variant="link" size="inline" onClick={() => setSelected(new Set())}>
              {t('leads.clearSelection')}
            </Button>
          </>
        ) : null}
      </div>

      {leads.isPending ? (
        <LeadsSkeleton />
      ) : leads.isError ? (
        <ErrorState
          message={errorMessage(leads.error, t('errors.leadsLoad'))}
          onRetry={() => void leads.refetch()}
          retrying={leads.isFetching}
        />
      ) : items.length === 0 ? (
        filtered ? (
          <p className="rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
            {t('leads.noMatches')}
          </p>
        ) : (
          <LeadsEmpty ended={ended} onAdd={() => setDialog('add')} onImport={() => setDialog('import')} />
        )
      ) : isDesktop ? (
        <div className="overflow-x-auto rounded-xl border" aria-busy={leads.isFetching}>
          <table className="w-full min-w-[64rem] text-sm">
            <caption className="sr-only">{t('leads.caption')}</caption>
            <thead className="border-b bg-subtle text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="w-12 px-3 py-2">
                  <Checkbox
                    checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                    onCheckedChange={(value) => selectPage(value === true)}
                    aria-label={t('leads.selectPage')}
                  />
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.name')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.position')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.email')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.source')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.match')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.lastContact')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.sequence')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('leads.columns.status')}
                </th>
                <th scope="col" className="w-12 px-3 py-2 font-medium">
                  <span className="sr-only">{t('leads.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((lead) => (
                <LeadRow key={lead.id} {...itemProps(lead)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        // Phones: one card per lead, nothing wider than the screen.
        <div className="grid gap-3" aria-busy={leads.isFetching}>
          <label className="flex min-h-11 items-center gap-3 px-3 text-sm">
            <Checkbox
              checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
              onCheckedChange={(value) => selectPage(value === true)}
            />
            {t('leads.selectPage')}
          </label>
          <ul className="grid gap-3" aria-label={t('leads.caption')}>
            {items.map((lead) => (
              <LeadCard key={lead.id} {...itemProps(lead)} />
            ))}
          </ul>
        </div>
      )}

      {page > 1 || nextCursor ? (
        <nav aria-label={t('leads.pagination')} className="flex items-center justify-end gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setCursors((current) => current.slice(0, -1))}
          >
            {t('leads.previous')}
          </Button>
          <span aria-current="page">
            {t(totalCapped ? 'leads.pageOfMany' : 'leads.page', {
              page: formatNumber(page, language),
              pages: formatNumber(Math.max(pages, page), language),
            })}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={!nextCursor}
            onClick={() => setCursors((current) => [...current, nextCursor ?? undefined])}
          >
            {t('leads.next')}
          </Button>
        </nav>
      ) : null}

      <AddLeadDialog
        campaignId={campaign.id}
        open={dialog === 'add'}
        onOpenChange={(open) => setDialog(open ? 'add' : null)}
      />
      <ImportLeadsDialog
        campaignId={campaign.id}
        open={dialog === 'import'}
        onOpenChange={(open) => setDialog(open ? 'import' : null)}
      />
      <BulkEmailDialog
        campaign={campaign}
        leadIds={[...selected]}
        open={dialog === 'email'}
        onOpenChange={(open) => setDialog(open ? 'email' : null)}
        onSent={() => setSelected(new Set())}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('confirm.deleteLead.title', { name: deleting?.name ?? '' })}
        description={t('confirm.deleteLead.description')}
        cancelLabel={t('confirm.keep')}
        confirmLabel={t('confirm.deleteLead.confirm')}
        confirmVariant="destructive"
        pending={deleteLead.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const lead = deleting;
          deleteLead.mutate(lead, {
            onSettled: () => setDeleting(null),
            onSuccess: () =>
              setSelected((current) => {
                const next = new Set(current);
                next.delete(lead.id);
                return next;
              }),
          });
        }}
      />
    </div>
  );
}

function LeadsSkeleton() {
  const { t } = useTranslation('campaignDetail');
  return (
    <ListSkeleton
      label={t('leads.loading')}
      count={6}
      className="grid gap-2 rounded-xl border p-3"
      itemClassName="flex items-center gap-3"
    >
      <Skeleton className="size-4" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-4 flex-1" />
      <Skeleton className="h-8 w-32" />
    </ListSkeleton>
  );
}

function LeadsEmpty({ ended, onAdd, onImport }: { ended: boolean; onAdd: () => void; onImport: () => void }) {
  const { t } = useTranslation('campaignDetail');
  return (
    <EmptyState icon={Users} title={t('leads.empty')} hint={t('leads.emptyHint')}>
      {ended ? null : (
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onAdd}>
            <UserPlus aria-hidden="true" />
            {t('leads.add')}
          </Button>
          <Button variant="outline" onClick={onImport}>
            <Upload aria-hidden="true" />
            {t('leads.import')}
          </Button>
        </div>
      )}
    </EmptyState>
  );
}
