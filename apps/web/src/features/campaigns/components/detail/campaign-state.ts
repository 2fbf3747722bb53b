import type { Campaign } from '@doppel/contracts';

/** Completed and cancelled campaigns are read-only: no new leads, mail or settings (decision 019). */
export function hasEnded(campaign: Pick<Campaign, 'status'>): boolean {
  return campaign.status === 'completed' || campaign.status === 'cancelled';
}
