import { campaignTitle } from '@doppel/contracts';
import { Rocket } from 'lucide-react';
import { useEffect, useId, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifySuccess } from '@/lib/notify';
import { useGrowthCredentials } from '../../api/campaign-detail-api';
import { useCreateCampaign } from '../../api/campaigns-api';
import { formatPercent } from '../../utils/campaign-format';
import { EngagementStep } from './engagement-step';
import { EnrichmentStep } from './enrichment-step';
import { ExtractionStep } from './extraction-step';
import { GoalStep } from './goal-step';
import { ReviewStep } from './review-step';
import { useCampaignWizard, wizardPayload, type CampaignWizardModel } from './use-campaign-wizard';

const STEP_VIEWS = {
  goal: GoalStep,
  extraction: ExtractionStep,
  enrichment: EnrichmentStep,
  engagement: EngagementStep,
  review: ReviewStep,
} satisfies Record<CampaignWizardModel['step'], ComponentType<{ wizard: CampaignWizardModel }>>;

/**
 * The creation wizard: five steps in a modal with the progress 'Step N of 5,
 * X% complete', Cancel or Back, Continue (enabled only when the step is valid) and Launch
 * Campaign. Launch creates the draft; then the wizard closes and starts afresh (target 50).
 * Cancel and close discard what was chosen.
 */
export function CampaignWizard({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const wizard = useCampaignWizard();
  const create = useCreateCampaign();
  // Read as the wizard opens, so the enrichment step can say at once which tools have a saved key.
  useGrowthCredentials({ enabled: open });
  const busy = create.isPending;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const shownStep = useRef(wizard.state.step);

  // A new step is announced by moving focus to its heading (not on opening: Radix focuses the first control).
  useEffect(() => {
    if (shownStep.current === wizard.state.step) return;
    shownStep.current = wizard.state.step;
    heading.current?.focus();
  }, [wizard.state.step]);

  const close = () => {
    if (busy) return;
    wizard.discard();
    create.reset();
    onOpenChange(false);
  };

  const launch = () => {
    const goal = wizard.state.goal;
    if (busy || !goal) return;
    const payload = wizardPayload(wizard.state, t(`goals.${goal}.description`));
    if (!payload) return;
    create.mutate(payload, {
      onSuccess: (campaign) => {
        notifySuccess(t('toast.created', { name: campaignTitle(campaign.name) }));
        wizard.launched();
        onOpenChange(false);
      },
    });
  };

  const StepView = STEP_VIEWS[wizard.step];
  const progress = t('wizard.progress', {
    step: wizard.stepNumber,
    total: wizard.totalSteps,
    percent: formatPercent(wizard.percent, i18n.language),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <DialogContent closeLabel={t('wizard.close')} className="md:h-[min(85dvh,52rem)] md:max-w-4xl">
        <DialogHeader className="gap-2">
          <DialogTitle>{t('wizard.title')}</DialogTitle>
          <DialogDescription>{progress}</DialogDescription>
          <div
            role="progressbar"
            aria-label={t('wizard.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={wizard.percent}
            aria-valuetext={progress}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
              style={{ width: `${wizard.percent}%` }}
            />
          </div>
        </DialogHeader>

        <form
          className="flex min-h-0 flex-1 flex-col"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!wizard.canContinue) return;
            if (wizard.isLast) launch();
            else wizard.next();
          }}
        >
          <section
            aria-labelledby={headingId}
            className="flex-1 overflow-y-auto overscroll-contain px-5 py-4"
          >
            <div className="mb-4 grid gap-1">
              <p className="text-xs font-medium tracking-wide text-primary uppercase">
                {t(`wizard.stepNames.${wizard.step}`)}
              </p>
              <h3 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
                {t(`wizard.${wizard.step}.heading`)}
              </h3>
              <p className="text-sm text-muted-foreground">{t(`wizard.${wizard.step}.description`)}</p>
            </div>
            <StepView wizard={wizard} />
          </section>

          <div className="flex items-center justify-between gap-2 border-t px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            {wizard.isFirst ? (
              <Button variant="outline" onClick={close} disabled={busy}>
                {t('wizard.cancel')}
              </Button>
            ) : (
              <Button variant="outline" onClick={wizard.back} disabled={busy}>
                {t('wizard.back')}
              </Button>
            )}
            {wizard.isLast ? (
              <Button type="submit" loading={busy} disabled={!wizard.canContinue}>
                {busy ? null : <Rocket aria-hidden="true" />}
                {t('wizard.launch')}
              </Button>
            ) : (
              <Button type="submit" disabled={!wizard.canContinue}>
                {t('wizard.continue')}
              </Button>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
