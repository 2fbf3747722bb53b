import {
  CONTACT_SOURCES,
  sourceGroups,
  TARGET_CONTACTS_MAX,
  TARGET_CONTACTS_MIN,
  TARGET_CONTACTS_RECOMMENDED,
} from '@doppel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { formatCount } from '../../utils/campaign-format';
import { SOURCE_ICONS } from '../source-icon';
import { useCampaignLabels } from '../use-campaign-labels';
import { ChoiceCard } from './choice-card';
import { isSourceAvailable, wizardFieldsSchema, type CampaignWizardModel } from './use-campaign-wizard';

const targetFormSchema = wizardFieldsSchema.pick({ targetText: true });

/**
 * Step 2: sources grouped as CRM Systems, File Import, Platform Search and Manual
 * Entry (several may be chosen), and the target contact count (10–10,000). A source with no
 * open API (LinkedIn Search, Web Deep Search) is shown but cannot be chosen, and says why; one
 * that needs a key or an address says so.
 */
export function ExtractionStep({ wizard }: { wizard: CampaignWizardModel }) {
  const { t, i18n } = useTranslation('campaigns');
  const labels = useCampaignLabels();
  const groupId = useId();
  const count = (value: number) => formatCount(value, i18n.language);
  // Starts from the wizard's target and hands each edit back to it; the figure is checked as it is typed.
  const { errorText, field } = useZodForm(targetFormSchema, {
    messages: 'campaignWizard',
    messageValues: { min: count(TARGET_CONTACTS_MIN), max: count(TARGET_CONTACTS_MAX) },
    mode: 'onChange',
    defaultValues: { targetText: wizard.state.targetText },
  });
  return (
    <div className="grid gap-5">
      {sourceGroups.map((group) => (
        <section key={group} aria-labelledby={`${groupId}-${group}`} className="grid gap-2">
          <h4 id={`${groupId}-${group}`} className="text-sm font-semibold">
            {t(`sourceGroups.${group}`)}
          </h4>
          <div className="grid gap-2 sm:grid-cols-2">
            {CONTACT_SOURCES.filter((source) => source.group === group).map((source) => (
              <ChoiceCard
                key={source.id}
                title={labels.source(source.id)}
                icon={SOURCE_ICONS[source.id]}
                selected={wizard.state.sources.includes(source.id)}
                disabled={!isSourceAvailable(source.id)}
                onToggle={() => wizard.toggleSource(source.id)}
              >
                <span className="block">{t(`sourceHints.${source.id}`)}</span>{' '}
                {source.access === 'ready' ? null : (
                  <span className="block">
                    <Badge
                      variant={source.access === 'unavailable' ? 'warning' : 'outline'}
                      className="whitespace-normal"
                    >
                      {t(`sourceAccess.${source.access}`)}
                    </Badge>
                  </span>
                )}
              </ChoiceCard>
            ))}
          </div>
        </section>
      ))}
      <FormField
        label={t('wizard.extraction.target')}
        hint={t('wizard.extraction.targetHint', {
          min: count(TARGET_CONTACTS_RECOMMENDED.min),
          max: count(TARGET_CONTACTS_RECOMMENDED.max),
        })}
        error={errorText('targetText')}
        className="max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={TARGET_CONTACTS_MIN}
            max={TARGET_CONTACTS_MAX}
            step={1}
            required
            {...field('targetText', {
              onChange: (event: { target: HTMLInputElement }) => wizard.setTargetText(event.target.value),
            })}
          />
        )}
      </FormField>
    </div>
  );
}
