import type { Subscription } from '@doppel/contracts';
import { Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatFullDate } from '@/lib/dates';
import { formatTokens } from '@/lib/format-number';
import { intlLocale } from '@/lib/i18n';
import { useSubscription } from '../api/get-subscription';
import { BillingActions } from './billing-actions';
import { InstanceUsersSection } from './instance-users-section';

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
  return (
    <div className="grid gap-8">
      <SubscriptionDetails subscription={subscription.data} />
      {subscription.data.isInstanceOwner ? <InstanceUsersSection /> : null}
    </div>
  );
}

/** The rows of a plan with a price: a paid Stripe plan, or a demo sandbox's sample. */
function pricedRows(
  subscription: Subscription,
  t: ReturnType<typeof useTranslation<'settings'>>['t'],
  locale: string,
) {
  const rows: Array<[string, ReactNode]> = [];
  if (subscription.priceCents !== null && subscription.currency) {
    const price = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: subscription.currency,
    }).format(subscription.priceCents / 100);
    rows.push([
      t('subscription.price'),
      subscription.billingPeriod === 'yearly'
        ? t('subscription.perYear', { price })
        : t('subscription.perMonth', { price }),
    ]);
  }
  if (subscription.nextBillingDate) {
    rows.push([
      subscription.cancelAtPeriodEnd ? t('subscription.endsOn') : t('subscription.nextBilling'),
      formatFullDate(subscription.nextBillingDate, locale),
    ]);
  }
  rows.push([t('subscription.paymentMethod'), subscription.paymentMethod ?? t('subscription.notSet')]);
  if (subscription.annualDiscountPercent) {
    rows.push([
      t('subscription.discount'),
      t('subscription.discountValue', { percent: subscription.annualDiscountPercent }),
    ]);
  }
  return rows;
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('settings');
  const locale = intlLocale(i18n.language);
  const selfHosted = subscription.kind === 'self_hosted';
  const rows: Array<[string, ReactNode]> = selfHosted ? [] : pricedRows(subscription, t, locale);
  rows.push([t('subscription.tokenQuota'), formatTokens(subscription.tokenQuota, i18n.language)]);

  return (
    <section className="grid gap-5" aria-labelledby="plan-heading">
      <div className="flex flex-wrap items-center gap-3">
        <div className="grid flex-1 gap-0.5">
          <p className="text-sm text-muted-foreground">{t('subscription.plan')}</p>
          <h3 id="plan-heading" className="text-xl font-semibold">
            {selfHosted ? t('subscription.selfHosted') : subscription.planName}
          </h3>
        </div>
        <Badge variant={STATUS_VARIANT[subscription.status]}>
          {t(`subscription.status.${subscription.status}`)}
        </Badge>
        {subscription.isSample ? <Badge variant="warning">{t('subscription.sample')}</Badge> : null}
      </div>
      {selfHosted ? (
        <Notice variant="neutral">
          <Server aria-hidden="true" />
          <p>
            {subscription.isInstanceOwner
              ? t('subscription.selfHostedOwnerHint')
              : t('subscription.selfHostedHint')}
          </p>
        </Notice>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
      <BillingActions subscription={subscription} />
    </section>
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
