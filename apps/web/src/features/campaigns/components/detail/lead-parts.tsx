import type { Lead, LeadStatus } from '@doppel/contracts';
import { FlaskConical, PauseCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatShortDate } from '@/lib/dates';
import { formatPercent } from './detail-format';

/*
 * The pieces of a lead both the desktop table (lead-row.tsx) and the phone cards (lead-card.tsx)
 * show the same way.
 */

/** "Partner at Northwind", or whichever of the two the lead has, or a dash. */
export function useLeadRole(lead: Pick<Lead, 'position' | 'company'>): string {
  const { t } = useTranslation('campaignDetail');
  return lead.position && lead.company
    ? t('leads.positionAt', { position: lead.position, company: lead.company })
    : (lead.position ?? lead.company ?? '—');
}

/**
 * Held back from outreach (its data quality is below the campaign's threshold): the badge, with
 * why as its accessible description (and on hover).
 */
export function HeldBadge({ dataQuality }: { dataQuality: number }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const reasonId = useId();
  const reason = t('leads.held.hint', { quality: formatPercent(dataQuality, i18n.language) });
  return (
    <>
      <Badge variant="warning" aria-describedby={reasonId} title={reason}>
        <PauseCircle aria-hidden="true" />
        {t('leads.held.label')}
      </Badge>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </>
  );
}

/** Values a simulated provider made up for this lead: never used to reach anyone. */
export function SimulatedBadge() {
  const { t } = useTranslation('campaignDetail');
  return (
    <Badge variant="warning" title={t('simulated.explanation')}>
      <FlaskConical aria-hidden="true" />
      {t('simulated.badge')}
    </Badge>
  );
}

/** A bounced or unsubscribed address: Bulk Email leaves it out; the title says what it means. */
export function EmailProblemBadge({ problem }: { problem: NonNullable<Lead['emailProblem']> }) {
  const { t } = useTranslation('campaignDetail');
  return (
    <Badge
      variant={problem === 'bounced' ? 'danger' : 'warning'}
      className="ml-1.5"
      title={t(`leads.emailProblem.${problem}.hint`)}
    >
      {t(`leads.emailProblem.${problem}.label`)}
    </Badge>
  );
}

/**
 * Where the lead is in the campaign's sequence: "First message awaiting your approval",
 * "Follow-up 2 on Mar 6, 2026", "Follow-up 1 awaiting your approval", "Sequence finished", "Stopped: replied"; null before its first message.
 */
export function useSequenceText(sequence: Lead['sequence']): string | null {
  const { t } = useTranslation('campaignDetail');
  if (!sequence) return null;
  const number = sequence.step;
  // Step 0 is the first message, not a follow-up.
  const first = number === 0;
  switch (sequence.state) {
    case 'waiting':
      if (first) return t('leads.sequence.firstNext');
      return sequence.nextAt
        ? t('leads.sequence.waiting', { number, date: formatShortDate(sequence.nextAt) })
        : t('leads.sequence.next', { number });
    case 'awaiting_approval':
      return first
        ? t('leads.sequence.firstAwaitingApproval')
        : t('leads.sequence.awaitingApproval', { number });
    case 'finished':
      return t('leads.sequence.finished');
    case 'stopped':
      return sequence.stopReason
        ? t(`leads.sequence.stopped.${sequence.stopReason}`)
        : t('leads.sequence.stoppedUnknown');
  }
}

/** What the Leads tab gives each lead's row (desktop) or card (phone). */
export interface LeadItemProps {
  lead: Lead;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  expanded: boolean;
  onToggle: () => void;
  onStatusChange: (status: LeadStatus) => void;
  statusPending: boolean;
  /** Asks to delete the lead (the tab confirms first). */
  onDelete: () => void;
}
