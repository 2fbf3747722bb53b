import { GOAL_TEMPLATES, type CampaignGoal } from '@doppel/contracts';
import {
  BadgeDollarSign,
  Handshake,
  Magnet,
  Megaphone,
  Newspaper,
  PackageSearch,
  ShoppingCart,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatThousandTokens } from '../../utils/campaign-format';
import { CampaignTypeBadge } from '../campaign-badges';
import { ChoiceCard } from './choice-card';
import type { CampaignWizardModel } from './use-campaign-wizard';

const GOAL_ICONS: Record<CampaignGoal, LucideIcon> = {
  raise_funding: BadgeDollarSign,
  find_partners: Handshake,
  acquire_customers: ShoppingCart,
  hire_talent: UserPlus,
  find_vendors: PackageSearch,
  generate_leads: Magnet,
  build_brand: Megaphone,
  promote_content: Newspaper,
};

/**
 * Step 1: the eight goal cards, one per campaign type, each with its description, two expected
 * results and the suggested budget. One column on phones, two from the small breakpoint on.
 */
export function GoalStep({ wizard }: { wizard: CampaignWizardModel }) {
  const { t, i18n } = useTranslation('campaigns');
  const defaultName = (goal: CampaignGoal) =>
    t('wizard.review.defaultName', { goal: t(`goals.${goal}.title`) });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {GOAL_TEMPLATES.map((template) => (
        <ChoiceCard
          key={template.id}
          title={t(`goals.${template.id}.title`)}
          icon={GOAL_ICONS[template.id]}
          selected={wizard.state.goal === template.id}
          onToggle={() => wizard.chooseGoal(template.id, defaultName)}
          aside={<CampaignTypeBadge type={template.campaignType} />}
        >
          <span className="block">{t(`goals.${template.id}.description`)}</span>
          <span className="block text-xs font-medium tracking-wide text-foreground uppercase">
            {t('wizard.goal.expected')}
          </span>
          <span className="grid gap-0.5">
            {(['resultOne', 'resultTwo'] as const).map((result) => (
              <span key={result} className="flex items-start gap-1.5">
                <span aria-hidden="true" className="mt-2 size-1 shrink-0 rounded-full bg-current" />
                {t(`goals.${template.id}.${result}`)}
              </span>
            ))}
          </span>
          <span className="block text-xs">
            {t('wizard.goal.budget', {
              budget: formatThousandTokens(template.suggestedBudget, i18n.language),
            })}
          </span>
        </ChoiceCard>
      ))}
    </div>
  );
}
