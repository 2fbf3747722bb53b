import {
  campaignStages,
  dailyBudget,
  EXPECTED_DURATION_WEEKS,
  formatEnrichmentEstimate,
  goalTemplate,
} from '@doppel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { formatCount, formatList, formatUsd } from '../../utils/campaign-format';
import { useCampaignLabels } from '../use-campaign-labels';
import { wizardFieldsSchema, type CampaignWizardModel } from './use-campaign-wizard';

const nameFormSchema = wizardFieldsSchema.pick({ name: true });
/** The create contract's longest title. */
const NAME_MAX = wizardFieldsSchema.shape.name.maxLength ?? undefined;

/**
 * Step 5: the campaign name, prefilled from the goal, and the whole plan — goal,
 * sources, tools, channels, target, the three stages, the budget and the expected duration.
 */
export function ReviewStep({ wizard }: { wizard: CampaignWizardModel }) {
  const { t, i18n } = useTranslation('campaigns');
  const labels = useCampaignLabels();
  const language = i18n.language;
  const { state } = wizard;
  // Starts from the wizard's name and hands each edit back to it; a blank name is shown once edited or left.
  const { errorText, field } = useZodForm(nameFormSchema, {
    messages: 'campaignWizard',
    mode: 'all',
    defaultValues: { name: state.name },
  });
  const template = state.goal ? goalTemplate(state.goal) : null;
  const list = (items: string[]) => formatList(items, language);
  const estimate = formatEnrichmentEstimate(state.tools, wizard.targetValid ? wizard.targetCount : 0);

  return (
    <div className="grid gap-5">
      <FormField label={t('wizard.review.name')} error={errorText('name')}>
        {(control) => (
          <Input
            {...control}
            maxLength={NAME_MAX}
            required
            autoComplete="off"
            {...field('name', {
              onChange: (event: { target: HTMLInputElement }) => wizard.setName(event.target.value),
            })}
          />
        )}
      </FormField>

      <section className="grid gap-2">
        <h4 className="text-sm font-semibold">{t('wizard.review.summary')}</h4>
        <dl className="grid gap-x-6 rounded-lg border text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
          <Row label={t('wizard.review.goal')}>{state.goal ? t(`goals.${state.goal}.title`) : null}</Row>
          <Row label={t('wizard.review.sources')}>{list(state.sources.map(labels.source))}</Row>
          <Row label={t('wizard.review.tools')}>{list(state.tools.map(labels.tool))}</Row>
          <Row label={t('wizard.review.channels')}>{list(state.channels.map(labels.channel))}</Row>
          <Row label={t('wizard.review.target')}>
            {wizard.targetValid ? formatCount(wizard.targetCount, language) : null}
          </Row>
          <Row label={t('wizard.review.stages')}>
            {campaignStages.map((stage) => t(`stages.${stage}`)).join(' → ')}
          </Row>
          <Row label={t('wizard.review.budget')}>
            {template
              ? t('wizard.review.budgetValue', {
                  total: formatCount(template.suggestedBudget, language),
                  daily: formatCount(dailyBudget(template.suggestedBudget), language),
                })
              : null}
          </Row>
          <Row label={t('wizard.review.enrichmentCost')}>{formatUsd(estimate.total, 2, language)}</Row>
          <Row label={t('wizard.review.account')}>{t('wizard.review.accountValue')}</Row>
          <Row label={t('wizard.review.duration')}>
            {t('wizard.review.durationValue', {
              min: formatCount(EXPECTED_DURATION_WEEKS.min, language),
              max: formatCount(EXPECTED_DURATION_WEEKS.max, language),
            })}
          </Row>
        </dl>
      </section>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 border-b px-3 py-2 last:border-b-0 sm:col-span-2 sm:grid-cols-subgrid">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
