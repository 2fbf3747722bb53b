import type { BillingPeriod, BillingPlan, BillingPrice, Subscription } from '@doppel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatCount } from '@/lib/format-number';
import { intlLocale } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { useBillingPlans, useCheckout } from '../api/billing';
import { ManagePaymentsButton } from './manage-payments-button';

/**
 * Change plan and Manage payments, under the plan in Settings → Subscription, when this server
 * takes payments (Stripe). A demo's plan is sample data: a line says so. A self-hosted server
 * without billing shows nothing here (the plan's own hint says nothing is billed).
 */
export function BillingActions({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const [choosing, setChoosing] = useState(false);
  if (subscription.isSample) return <p className="text-sm text-muted-foreground">{t('demoNote')}</p>;
  if (!subscription.billingEnabled) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setChoosing(true)}>{t('changePlan')}</Button>
      {subscription.kind === 'stripe' || subscription.hasPaymentAccount ? (
        <ManagePaymentsButton variant="outline" />
      ) : null}
      <PlansDialog open={choosing} onOpenChange={setChoosing} subscription={subscription} />
    </div>
  );
}

function PlansDialog({
  open,
  onOpenChange,
  subscription,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subscription: Subscription;
}) {
  const { t } = useTranslation('billing');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('plans.close')} className="md:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('plans.title')}</DialogTitle>
          <DialogDescription>{t('plans.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 overflow-y-auto p-5">
          {open ? <PlanChoice initialPeriod={subscription.billingPeriod ?? 'monthly'} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PlanChoice({ initialPeriod }: { initialPeriod: BillingPeriod }) {
  const { t } = useTranslation('billing');
  const plans = useBillingPlans(true);
  const checkout = useCheckout();
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  if (plans.isError) {
    return (
      <ErrorState
        message={errorMessage(plans.error, t('plans.loadFailed'))}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  }
  if (!plans.data) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  const list = plans.data.plans;
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{t('plans.empty')}</p>;
  const bestDiscount = Math.max(0, ...list.map((plan) => plan.annualDiscountPercent ?? 0));
  // The plan whose Checkout is opening: the browser leaves for Stripe once it answers.
  const opening = checkout.isPending || checkout.isSuccess ? checkout.variables?.planId : undefined;
  const choose = (plan: BillingPlan) =>
    checkout.mutate(
      { planId: plan.id, period },
      { onError: (error) => notifyError(error, t('checkoutFailed')) },
    );
  return (
    <>
      {list.some((plan) => plan.yearly) ? (
        <PeriodSwitch period={period} onChange={setPeriod} bestDiscount={bestDiscount} />
      ) : null}
      <ul className="grid gap-3" aria-label={t('plans.title')}>
        {list.map((plan) => (
          <PlanRow
            key={plan.id}
            plan={plan}
            period={period}
            opening={opening === plan.id}
            disabled={opening !== undefined}
            onChoose={() => choose(plan)}
          />
        ))}
      </ul>
    </>
  );
}

function PeriodSwitch({
  period,
  onChange,
  bestDiscount,
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  bestDiscount: number;
}) {
  const { t } = useTranslation('billing');
  return (
    <div role="group" aria-label={t('plans.period')} className="flex flex-wrap items-center gap-2">
      {(['monthly', 'yearly'] as const).map((option) => (
        <Button
          key={option}
          size="sm"
          variant={period === option ? 'default' : 'outline'}
          aria-pressed={period === option}
          onClick={() => onChange(option)}
        >
          {t(`plans.${option}`)}
        </Button>
      ))}
      {bestDiscount > 0 ? (
        <Badge variant="success">{t('plans.saveUpTo', { percent: bestDiscount })}</Badge>
      ) : null}
    </div>
  );
}

function PlanRow({
  plan,
  period,
  opening,
  disabled,
  onChoose,
}: {
  plan: BillingPlan;
  period: BillingPeriod;
  opening: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const locale = intlLocale(i18n.language);
  const price = period === 'yearly' ? plan.yearly : plan.monthly;
  const format = (of: BillingPrice) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: of.currency }).format(of.priceCents / 100);
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold">
            {plan.name}
          </h3>
          {plan.current === period ? <Badge variant="soft">{t('plans.current')}</Badge> : null}
        </div>
        <p className="text-sm">
          {price
            ? t(period === 'yearly' ? 'plans.perYear' : 'plans.perMonth', { price: format(price) })
            : t('plans.monthlyOnly')}
        </p>
        {period === 'yearly' && price && plan.annualDiscountPercent ? (
          <p className="text-sm text-success-soft-foreground">
            {t('plans.yearlySaving', { percent: plan.annualDiscountPercent })}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {t('plans.quota', {
            count: plan.tokenQuota,
            tokens: formatCount(plan.tokenQuota, i18n.language),
          })}
        </p>
      </div>
      {price && plan.current !== period ? (
        <Button
          aria-label={t('plans.chooseLabel', { plan: plan.name })}
          loading={opening}
          disabled={disabled && !opening}
          onClick={onChoose}
        >
          {t('plans.choose')}
        </Button>
      ) : null}
    </li>
  );
}
