import {
  accountTypes,
  campaignStages,
  dailyBudget,
  EXPECTED_DURATION_WEEKS,
  formatEnrichmentEstimate,
  goalTemplate,
  type AccountType,
} from '@doppel/contracts';
import { Bot, UserRound, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { formatCount, formatList, formatThousandTokens, formatUsd } from '../../utils/campaign-format';
import { useCampaignLabels } from '../use-campaign-labels';
import { isSourceAvailable, wizardFieldsSchema, type CampaignWizardModel } from './use-campaign-wizard';
import { runsSimulated, useToolReadiness } from './use-tool-readiness';

const ACCOUNT_ICONS: Record<AccountType, LucideIcon> = { personal: UserRound, ai_assistant: Bot };

const nameFormSchema = wizardFieldsSchema.pick({ name: true });
/** The create contract's longest title. */
const NAME_MAX = wizardFieldsSchema.shape.name.maxLength ?? undefined;

/**
 * Step 5: the campaign name, prefilled from the goal, who sends the messages (the personal
 * account or the AI assistant), and the whole plan — goal, sources, tools (the simulated ones
 * marked), channels, target, the three stages, the budget and the expected duration.
 */
export function ReviewStep({ wizard }: { wizard: CampaignWizardModel }) {
  const { t, i18n } = useTranslation('campaigns');
  const labels = useCampaignLabels();
  const language = i18n.language;
  const { state } = wizard;
  const readiness = useToolReadiness();
  // Starts from the wizard's name and hands each edit back to it; a blank name is shown once edited or left.
  const { errorText, field } = useZodForm(nameFormSchema, {
    messages: 'campaignWizard',
    mode: 'all',
    defaultValues: { name: state.name },
  });
  const template = state.goal ? goalTemplate(state.goal) : null;
  const list = (items: string[]) => formatList(items, language);
  const estimate = formatEnrichmentEstimate(state.tools, wizard.targetValid ? wizard.targetCount : 0);
  const sourceNames = state.sources.map((source) =>
    isSourceAvailable(source)
      ? labels.source(source)
      : t('wizard.review.unavailableItem', { name: labels.source(source) }),
  );
  const toolNames = state.tools.map((tool) =>
    runsSimulated(readiness.runOf(tool))
      ? t('wizard.review.simulatedItem', { name: labels.tool(tool) })
      : labels.tool(tool),
  );

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

      <AccountChoice value={state.accountType} onChange={wizard.setAccountType} />

      <section className="grid gap-2">
        <h4 className="text-sm font-semibold">{t('wizard.review.summary')}</h4>
        <dl className="grid gap-x-6 rounded-lg border text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
          <Row label={t('wizard.review.goal')}>{state.goal ? t(`goals.${state.goal}.title`) : null}</Row>
          <Row label={t('wizard.review.sources')}>{list(sourceNames)}</Row>
          <Row label={t('wizard.review.tools')}>{list(toolNames)}</Row>
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
                  total: formatThousandTokens(template.suggestedBudget, language),
                  daily: formatThousandTokens(dailyBudget(template.suggestedBudget), language),
                })
              : null}
          </Row>
          <Row label={t('wizard.review.enrichmentCost')}>{formatUsd(estimate.total, 2, language)}</Row>
          <Row label={t('wizard.review.account')}>
            {t(`wizard.review.accounts.${state.accountType}.label`)}
          </Row>
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

/** Who sends: a radio group of the personal account and the AI assistant, each saying what it means. */
function AccountChoice({ value, onChange }: { value: AccountType; onChange: (value: AccountType) => void }) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('wizard.review.account')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {accountTypes.map((type) => {
          const Icon = ACCOUNT_ICONS[type];
          return (
            <label
              key={type}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-primary-soft/60 has-checked:ring-1 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={`${id}-account`}
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                aria-labelledby={`${id}-${type}-label`}
                aria-describedby={`${id}-${type}-hint`}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="grid gap-0.5">
                <span id={`${id}-${type}-label`} className="flex items-center gap-1.5 font-medium">
                  <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                  {t(`wizard.review.accounts.${type}.label`)}
                </span>
                <span id={`${id}-${type}-hint`} className="text-muted-foreground">
                  {t(`wizard.review.accounts.${type}.hint`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
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
