import { ENRICHMENT_TOOLS, formatEnrichmentEstimate } from '@doppel/contracts';
import { FlaskConical, Lightbulb, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/error-message';
import { formatCount, formatList, formatPercent, formatUsd } from '../../utils/campaign-format';
import { useCampaignLabels } from '../use-campaign-labels';
import { ChoiceCard } from './choice-card';
import type { CampaignWizardModel } from './use-campaign-wizard';
import { useToolReadiness, type ToolRun } from './use-tool-readiness';

const CRITICAL = ['email', 'jobTitle', 'companyInfo'] as const;
const NICE_TO_HAVE = ['phone', 'social', 'companySize'] as const;

/**
 * Step 3: the recommended fields, the seven providers with their cost per contact
 * and accuracy in the spec's order, and the estimate — the sum of the chosen providers' costs
 * times the target count (2 decimals), and per contact (3 decimals). Before launch each provider
 * says how it will run: simulated (no adapter), or with the user's key — saved or not yet, read
 * from the saved keys — and the estimate names the chosen ones whose values will be simulated.
 */
export function EnrichmentStep({ wizard }: { wizard: CampaignWizardModel }) {
  const { t, i18n } = useTranslation('campaigns');
  const labels = useCampaignLabels();
  const readiness = useToolReadiness();
  const toolsId = useId();
  const language = i18n.language;
  const target = wizard.targetValid ? wizard.targetCount : 0;
  const estimate = formatEnrichmentEstimate(wizard.state.tools, target);
  const simulated = readiness.simulatedTools(wizard.state.tools);
  const { credentials } = readiness;
  return (
    <div className="grid gap-5">
      <Notice variant="info" className="flex-col gap-2 sm:flex-row">
        <Lightbulb aria-hidden="true" />
        <div className="grid flex-1 gap-2">
          <p className="font-medium">{t('wizard.enrichment.recommendations')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <FieldList title={t('wizard.enrichment.critical')} fields={CRITICAL} />
            <FieldList title={t('wizard.enrichment.niceToHave')} fields={NICE_TO_HAVE} />
          </div>
        </div>
      </Notice>

      <section aria-labelledby={toolsId} className="grid gap-2">
        <h4 id={toolsId} className="text-sm font-semibold">
          {t('wizard.enrichment.tools')}
        </h4>
        {credentials.isError && !credentials.data ? (
          <ErrorState
            message={errorMessage(credentials.error, t('wizard.enrichment.keysFailed'))}
            onRetry={() => void credentials.refetch()}
            retrying={credentials.isFetching}
          />
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {ENRICHMENT_TOOLS.map((tool) => (
            <ChoiceCard
              key={tool.id}
              title={labels.tool(tool.id)}
              icon={Sparkles}
              selected={wizard.state.tools.includes(tool.id)}
              onToggle={() => wizard.toggleTool(tool.id)}
            >
              <span className="flex flex-wrap gap-x-3 gap-y-0.5 tabular-nums">
                <span>
                  {t('wizard.enrichment.costPerContact', {
                    cost: formatUsd(tool.costPerContact, 2, language),
                  })}
                </span>{' '}
                <span>
                  {t('wizard.enrichment.accuracy', { accuracy: formatPercent(tool.accuracy, language) })}
                </span>
              </span>{' '}
              <ToolRunLine run={readiness.runOf(tool.id)} />
            </ChoiceCard>
          ))}
        </div>
      </section>

      <div
        aria-live="polite"
        className="sticky -bottom-4 z-10 flex flex-wrap items-end justify-between gap-3 rounded-lg border bg-subtle px-4 py-3 shadow-md"
      >
        <div className="grid gap-0.5">
          <p className="text-sm font-medium">{t('wizard.enrichment.estimate')}</p>
          <p className="text-xs text-muted-foreground">
            {wizard.targetValid
              ? t('wizard.enrichment.estimateFor', { value: formatCount(wizard.targetCount, language) })
              : null}
          </p>
          {simulated.length > 0 ? (
            <p className="flex items-start gap-1.5 text-xs text-warning-soft-foreground">
              <FlaskConical className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
              <span>
                {t('wizard.enrichment.simulatedEstimate', {
                  tools: formatList(simulated.map(labels.tool), language),
                  amount: formatUsd(formatEnrichmentEstimate(simulated, target).total, 2, language),
                })}
              </span>
            </p>
          ) : null}
        </div>
        <div className="grid justify-items-end gap-0.5 tabular-nums">
          <p className="text-2xl font-semibold">{formatUsd(estimate.total, 2, language)}</p>
          <p className="text-xs text-muted-foreground">
            {t('wizard.enrichment.perContact', { cost: formatUsd(estimate.perContact, 3, language) })}
          </p>
        </div>
      </div>
    </div>
  );
}

/** How a provider will run, under its cost and accuracy. */
function ToolRunLine({ run }: { run: ToolRun }) {
  const { t } = useTranslation('campaigns');
  if (run === 'simulated') {
    return (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant="warning">
          <FlaskConical aria-hidden="true" />
          {t('wizard.enrichment.run.simulated')}
        </Badge>{' '}
        <span>{t('wizard.enrichment.run.noAdapter')}</span>
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span>{t('wizard.enrichment.run.usesKey')}</span>{' '}
      {run === 'keySaved' ? (
        <Badge variant="success">{t('wizard.enrichment.run.keySaved')}</Badge>
      ) : (
        <span className={run === 'noKey' ? 'text-warning-soft-foreground' : undefined}>
          {t(`wizard.enrichment.run.${run}`)}
        </span>
      )}
    </span>
  );
}

function FieldList({
  title,
  fields,
}: {
  title: string;
  fields: readonly ('email' | 'jobTitle' | 'companyInfo' | 'phone' | 'social' | 'companySize')[];
}) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  return (
    <div className="grid gap-1">
      <p id={id} className="text-xs font-semibold tracking-wide uppercase">
        {title}
      </p>
      <ul aria-labelledby={id} className="grid gap-0.5">
        {fields.map((field) => (
          <li key={field}>{t(`wizard.enrichment.fields.${field}`)}</li>
        ))}
      </ul>
    </div>
  );
}
