import { OUTREACH_CHANNELS, type OutreachChannel, type SetupDifficulty } from '@doppel/contracts';
import { Info, Mail, Mailbox, MessageCircle, Network, Phone, ThumbsUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/notice';
import { formatCount } from '../../utils/campaign-format';
import { useCampaignLabels } from '../use-campaign-labels';
import { ChoiceCard } from './choice-card';
import type { CampaignWizardModel } from './use-campaign-wizard';

export const CHANNEL_ICONS: Record<OutreachChannel, LucideIcon> = {
  linkedin: Network,
  email: Mail,
  whatsapp: MessageCircle,
  facebook: ThumbsUp,
  phone: Phone,
  direct_mail: Mailbox,
};

/** Step 4: easy green, medium yellow, hard red. */
const DIFFICULTY_VARIANT = {
  easy: 'success',
  medium: 'warning',
  hard: 'danger',
} as const satisfies Record<SetupDifficulty, string>;

/**
 * Step 4: the channels with their expected response rate and setup difficulty,
 * and the note that the sending account is chosen next.
 */
export function EngagementStep({ wizard }: { wizard: CampaignWizardModel }) {
  const { t, i18n } = useTranslation('campaigns');
  const labels = useCampaignLabels();
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <div className="grid gap-4">
      <div className="grid gap-2 sm:grid-cols-2">
        {OUTREACH_CHANNELS.map((channel) => (
          <ChoiceCard
            key={channel.id}
            title={labels.channel(channel.id)}
            icon={CHANNEL_ICONS[channel.id]}
            selected={wizard.state.channels.includes(channel.id)}
            onToggle={() => wizard.toggleChannel(channel.id)}
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">
                {t('wizard.engagement.responseRate', {
                  min: count(channel.responseRate.min),
                  max: count(channel.responseRate.max),
                })}
              </span>{' '}
              <Badge
                variant={DIFFICULTY_VARIANT[channel.setupDifficulty]}
                data-difficulty={channel.setupDifficulty}
              >
                {t(`difficulty.${channel.setupDifficulty}`)}
              </Badge>
            </span>
          </ChoiceCard>
        ))}
      </div>
      <Notice variant="neutral">
        <Info aria-hidden="true" />
        <p>{t('wizard.engagement.accountNote')}</p>
      </Notice>
    </div>
  );
}
