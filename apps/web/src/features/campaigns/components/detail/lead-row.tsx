import { ChevronDown, ChevronRight, Trash2 } from 'lucide-react';
import { useId } from 'react';
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
import { SourceIcon } from '../source-icon';

export const LEAD_COLUMNS = 10;

/**
 * One lead of the Leads tab's table (desktop): selection, name (with its enrichment, when it has
 * any, behind a disclosure, and whether it is held back), position at company, email, source,
 * match, last contact, where it is in the sequence and status.
 */
export function LeadRow({
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
  const detailsId = useId();
  const enriched = Object.values(lead.enrichment);
  const simulated = enriched.some((value) => value.simulated);
  const role = useLeadRole(lead);
  const sequence = useSequenceText(lead.sequence);
  return (
    <>
      <tr
        className="border-b align-middle last:border-b-0 data-[selected=true]:bg-primary-soft/40"
        data-selected={selected}
      >
        <td className="w-12 px-3 py-2">
          <Checkbox
            checked={selected}
            onCheckedChange={(value) => onSelect(value === true)}
            aria-label={t('leads.select', { name: lead.name })}
          />
        </td>
        <th scope="row" className="px-3 py-2 text-left font-medium">
          <div className="flex flex-wrap items-center gap-1">
            {enriched.length > 0 ? (
              <Button
                variant="ghost"
                size="icon"
                aria-expanded={expanded}
                aria-controls={expanded ? detailsId : undefined}
                aria-label={t('leads.enrichmentOf', { name: lead.name })}
                onClick={onToggle}
              >
                {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
              </Button>
            ) : null}
            <span className="min-w-0 break-words">{lead.name}</span>
            {simulated ? <SimulatedBadge /> : null}
            {lead.held ? <HeldBadge dataQuality={lead.dataQuality} /> : null}
          </div>
        </th>
        <td className="px-3 py-2 text-muted-foreground">{role}</td>
        <td className="px-3 py-2 break-all">
          {lead.email ?? '—'}
          {lead.emailProblem ? <EmailProblemBadge problem={lead.emailProblem} /> : null}
        </td>
        <td className="px-3 py-2">
          <SourceIcon source={lead.source} />
        </td>
        <td className="px-3 py-2 tabular-nums">{formatPercent(lead.matchScore, i18n.language)}</td>
        <td className="px-3 py-2 whitespace-nowrap">
          {lead.lastContact ? (
            <time dateTime={lead.lastContact} title={formatFullDate(lead.lastContact, i18n.language)}>
              {formatShortDate(lead.lastContact)}
            </time>
          ) : (
            t('leads.never')
          )}
        </td>
        <td className="px-3 py-2 text-muted-foreground">{sequence ?? '—'}</td>
        <td className="px-3 py-2">
          <LeadStatusSelect
            name={lead.name}
            value={lead.status}
            disabled={statusPending}
            onChange={onStatusChange}
          />
        </td>
        <td className="w-12 px-3 py-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('leads.delete', { name: lead.name })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </td>
      </tr>
      {expanded && enriched.length > 0 ? (
        <tr className="border-b bg-subtle">
          <td colSpan={LEAD_COLUMNS} className="px-3 py-3">
            <EnrichmentDetails id={detailsId} lead={lead} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
