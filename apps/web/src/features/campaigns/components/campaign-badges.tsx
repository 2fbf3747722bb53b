import {
  stageForProgress,
  type CampaignStage,
  type CampaignStatus,
  type CampaignType,
} from '@doppel/contracts';
import { CircleDot, Database, FlaskConical, Send, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/*
 * The campaign badges of the list and the detail. Each names what it is for screen readers
 * ("Status: Active"), while the screen shows only the value.
 */

/** Every status its own colour; the theme's soft colours pass AA in light and dark. */
export const STATUS_VARIANT = {
  draft: 'outline',
  active: 'success',
  paused: 'warning',
  completed: 'info',
  cancelled: 'danger',
} as const satisfies Record<CampaignStatus, string>;

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge variant={STATUS_VARIANT[status]} data-status={status}>
      {status === 'active' ? <CircleDot aria-hidden="true" /> : null}
      <span className="sr-only">{t('badges.status')} </span>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function CampaignTypeBadge({ type }: { type: CampaignType }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge variant="soft" data-type={type}>
      <span className="sr-only">{t('badges.type')} </span>
      {t(`types.${type}`)}
    </Badge>
  );
}

const STAGE_ICONS = { extraction: Database, enrichment: Sparkles, engagement: Send } as const;

/**
 * The current stage: given, or derived from the progress (: below 33 Extraction, below
 * 66 Enrichment, else Engagement).
 */
export function CampaignStageBadge(props: { stage: CampaignStage } | { progress: number }) {
  const { t } = useTranslation('campaigns');
  const stage = 'stage' in props ? props.stage : stageForProgress(props.progress);
  const Icon = STAGE_ICONS[stage];
  return (
    <Badge variant="outline" data-stage={stage}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{t('badges.stage')} </span>
      {t(`stages.${stage}`)}
    </Badge>
  );
}

/** Demo campaigns are sample data and say so. */
export function SampleBadge() {
  const { t } = useTranslation('campaigns');
  return (
    <Badge variant="warning" title={t('badges.sampleHint')}>
      <FlaskConical aria-hidden="true" />
      {t('badges.sample')}
    </Badge>
  );
}
