import type { Subscription } from '@doppel/contracts';
import { Info } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { intlLocale } from '@/lib/i18n';
import { useSubscription } from '../api/get-subscription';

const STATUS_VARIANT = { active: 'success', past_due: 'warning', cancelled: 'outline' } as const;

export function SubscriptionTab() {
  const { t } = useTranslation('settings');
  const subscription = useSubscription();
  if (subscription.isError) {
    return (
      <ErrorState
        message={errorMessage(subscription.error, t('subscription.loadFailed'))}
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  }
  if (!subscription.data) return <SubscriptionSkeleton />;
  return <SubscriptionDetails subscription={subscription.data} />;
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('settings');
  const explanationId = useId();
  const locale = intlLocale(i18n.language);
  const price = new Intl.NumberFormat(locale, { style: 'currency', currency: subscription.currency }).format(
    subscription.priceCents / 100,
  );
  const nextBilling = new Date(subscription.nextBillingDate);
  const rows: Array<[string, ReactNode]> = [
    [
      t('subscription.price'),
      subscription.billingPeriod === 'yearly'
        ? t('subscription.perYear', { price })
        : t('subscription.perMonth', { price }),
    ],
    [
      t('subscription.nextBilling'),
      Number.isNaN(nextBilling.getTime())
        ? subscription.nextBillingDate
        : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
            nextBilling,
          ),
    ],
    [t('subscription.paymentMethod'), subscription.paymentMethod ?? t('subscription.notSet')],
    [
      t('subscription.discount'),
      t('subscription.discountValue', { percent: subscription.annualDiscountPercent }),
    ],
    [
      t('subscription.tokenQuota'),
      t('subscription.tokenQuotaValue', {
        tokens: new Intl.NumberFormat(locale).format(subscription.tokenQuota),
      }),
    ],
  ];

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <div className="grid flex-1 gap-0.5">
          <p className="text-sm text-muted-foreground">{t('subscription.plan')}</p>
          <h3 className="text-xl font-semibold">{subscription.planName}</h3>
        </div>
        <Badge variant={STATUS_VARIANT[subscription.status]}>
          {t(`subscription.status.${subscription.status}`)}
        </Badge>
        {subscription.isSample ? <Badge variant="warning">{t('subscription.sample')}</Badge> : null}
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          {/* Billing is not built yet: the buttons say so instead of silently doing nothing. */}
          <Button variant="outline" disabled aria-describedby={explanationId}>
            {t('subscription.changePlan')}
          </Button>
          <Button variant="outline" disabled aria-describedby={explanationId}>
            {t('subscription.managePayments')}
          </Button>
        </div>
        <p id={explanationId} className="flex items-center gap-2 text-xs text-muted-foreground">
          <Info className="size-3.5 shrink-0" aria-hidden="true" />
          {t('subscription.billingUnavailable')}
        </p>
      </div>
    </div>
  );
}

function SubscriptionSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true">
      <Skeleton className="h-12 w-48" />
      <Skeleton className="h-44 w-full" />
      <Skeleton className="h-9 w-72" />
    </div>
  );
}
