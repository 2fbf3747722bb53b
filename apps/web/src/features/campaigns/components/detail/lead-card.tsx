import { ChevronDown, ChevronRight, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { formatFullDate, formatShortDate } from '@/lib/dates';
import { formatPercent } from './detail-format';
import { EnrichmentDetails } from './enrichment-details';
import {
  EmailProblemBadge,
  HeldBadge,
  SimulatedBadge,
  useLeadRole,
  useSequenceText,
  type LeadItemProps,
} from './lead-parts';
import { LeadStatusSelect } from './lead-status-select';
import { SOURCE_ICONS } from '../source-icon';
import { useDetailLabels } from './use-detail-labels';

/**
 * One lead of the Leads tab on a phone: the table's row as a card that fits a narrow screen —
 * selection, name (held, simulated), position at company, email, then source, match, last
 * contact and sequence, the status, delete, and the enrichment behind a disclosure.
 */
export function LeadCard({
  lead,
  selected,
  onSelect,
  expanded,
  onToggle,
  onStatusChange,
  statusPending,
  onDelete,
}: LeadItemProps) {
  const { t, i18n } = useTranslation('campaignDetail');
  const labels = useDetailLabels();
  const nameId = useId();
  const detailsId = useId();
  const enriched = Object.values(lead.enrichment);
  const simulated = enriched.some((value) => value.simulated);
  const role = useLeadRole(lead);
  const sequence = useSequenceText(lead.sequence);
  const SourceIcon = SOURCE_ICONS[lead.source];
  const figures: Array<{ key: string; label: string; value: ReactNode }> = [
    {
      key: 'source',
      label: t('leads.columns.source'),
      value: (
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <SourceIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="break-words">{labels.source(lead.source)}</span>
        </span>
      ),
    },
    {
      key: 'match',
      label: t('leads.columns.match'),
      value: <span className="tabular-nums">{formatPercent(lead.matchScore, i18n.language)}</span>,
    },
    {
      key: 'lastContact',
      label: t('leads.columns.lastContact'),
      value: lead.lastContact ? (
        <time dateTime={lead.lastContact} title={formatFullDate(lead.lastContact, i18n.language)}>
          {formatShortDate(lead.lastContact)}
        </time>
      ) : (
        t('leads.never')
      ),
    },
    { key: 'sequence', label: t('leads.columns.sequence'), value: sequence ?? '—' },
  ];
  return (
    <li>
      <article
        aria-labelledby={nameId}
        data-selected={selected}
        className="grid min-w-0 gap-3 rounded-xl border p-3 data-[selected=true]:bg-primary-soft/40"
      >
        <div className="flex min-w-0 items-start gap-3">
          <Checkbox
            className="mt-0.5"
            checked={selected}
            onCheckedChange={(value) => onSelect(value === true)}
            aria-label={t('leads.select', { name: lead.name })}
          />
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-1.5">
              <h2 id={nameId} className="min-w-0 text-base font-medium break-words">
                {lead.name}
              </h2>
              {simulated ? <SimulatedBadge /> : null}
              {lead.held ? <HeldBadge dataQuality={lead.dataQuality} /> : null}
            </div>
            <p className="text-sm break-words text-muted-foreground">{role}</p>
            <p className="text-sm break-all">
              {lead.email ?? '—'}
              {lead.emailProblem ? <EmailProblemBadge problem={lead.emailProblem} /> : null}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-1"
            aria-label={t('leads.delete', { name: lead.name })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {figures.map(({ key, label, value }) => (
            <div key={key} className={key === 'sequence' ? 'col-span-2 grid gap-0.5' : 'grid gap-0.5'}>
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <LeadStatusSelect
          name={lead.name}
          value={lead.status}
          disabled={statusPending}
          onChange={onStatusChange}
        />
        {enriched.length > 0 ? (
          <div className="grid gap-2">
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              aria-label={t('leads.enrichmentOf', { name: lead.name })}
              onClick={onToggle}
            >
              {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
              {t('leads.enrichment')}
            </Button>
            {expanded ? <EnrichmentDetails id={detailsId} lead={lead} /> : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}
