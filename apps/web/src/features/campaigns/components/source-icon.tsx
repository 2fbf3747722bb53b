import type { CampaignSource } from '@doppel/contracts';
import {
  BriefcaseBusiness,
  Contact,
  FileSpreadsheet,
  Globe,
  PenLine,
  Rocket,
  Sheet,
  UserRoundSearch,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import { useCampaignLabels } from './use-campaign-labels';

/** One lucide icon per contact source. */
export const SOURCE_ICONS: Record<CampaignSource, LucideIcon> = {
  pipedrive: BriefcaseBusiness,
  inner_crm: Contact,
  csv_upload: FileSpreadsheet,
  google_sheets: Sheet,
  linkedin_search: UserRoundSearch,
  web_deep_search: Globe,
  apollo_search: Rocket,
  manual_input: PenLine,
};

/** A source's icon as an image named after the source (its name also shows on hover). */
export function SourceIcon({ source, className }: { source: CampaignSource; className?: string }) {
  const labels = useCampaignLabels();
  const Icon = SOURCE_ICONS[source];
  const label = labels.source(source);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}
