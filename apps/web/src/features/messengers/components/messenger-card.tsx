import type { MessengerConnection, MessengerPlatform } from '@doppel/contracts';
import { FlaskConical, Plug, RefreshCw, Unplug } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';
import { i18n, intlLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSyncMessenger, useTestMessenger } from '../api/messengers-api';
import { canSync, PLATFORM_ICONS, platformName } from '../utils/platforms';
import { MessengerPermissions } from './messenger-permissions';

interface MessengerCardProps {
  platform: MessengerPlatform;
  /** The platform's live connection; none when it is not connected. */
  connection: MessengerConnection | undefined;
  /** False in a demo sandbox, which cannot connect real bots. */
  canConnect: boolean;
  onConnect: () => void;
  onDisconnect: (connection: MessengerConnection) => void;
}

const HEALTH_VARIANT = { ok: 'success', failing: 'danger', unknown: 'outline' } as const;

/** One platform: connected (account, health, last sync, permissions, actions) or not connected. */
export function MessengerCard({
  platform,
  connection,
  canConnect,
  onConnect,
  onDisconnect,
}: MessengerCardProps) {
  const { t } = useTranslation('messengers');
  const headingId = useId();
  const name = platformName(platform);
  const Icon = PLATFORM_ICONS[platform];

  return (
    <li aria-labelledby={headingId} className="grid content-start gap-3 rounded-lg border p-4">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 justify-items-start gap-1">
          <h4 id={headingId} className="font-semibold">
            {name}
          </h4>
          <div className="flex flex-wrap gap-1">
            {connection ? (
              <Badge variant="success">{t('card.connected')}</Badge>
            ) : (
              <Badge variant="outline">{t('card.notConnected')}</Badge>
            )}
            {connection?.isSample ? (
              <Badge variant="warning">
                <FlaskConical aria-hidden="true" />
                {t('card.sample')}
              </Badge>
            ) : null}
          </div>
        </div>
      </div>
      {connection ? (
        <ConnectedDetails connection={connection} onDisconnect={() => onDisconnect(connection)} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('card.notConnectedHint')}</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={!canConnect}
            onClick={onConnect}
            aria-label={t('connectPlatform', { platform: name })}
          >
            <Plug aria-hidden="true" />
            {t('connect')}
          </Button>
        </>
      )}
    </li>
  );
}

function ConnectedDetails({
  connection,
  onDisconnect,
}: {
  connection: MessengerConnection;
  onDisconnect: () => void;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation('messengers');
  const test = useTestMessenger();
  const sync = useSyncMessenger();
  const name = platformName(connection.platform);
  const dates = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : dates.format(date);
  };
  const { health } = connection;

  const runTest = () =>
    test.mutate(connection.id, {
      onSuccess: (result) => {
        if (result.ok) notifySuccess(t('toast.testPassed', { platform: name }));
        // The platform's reason, in the server's words, under the spec's title.
        else
          notifyError(new ApiError('messenger_failed', result.error ?? '', 502), undefined, {
            title: t('toast.testFailed'),
          });
      },
      onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: t('toast.testError') }),
    });

  const runSync = () =>
    sync.mutate(connection.id, {
      // A mailbox is read by a job: the card shows its progress, and its mail comes in as it goes.
      onSuccess: (result) =>
        notifySuccess(
          connection.platform === 'email'
            ? t('toast.mailboxReading')
            : t('toast.synced', { platform: name, count: result.received }),
        ),
      onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: t('toast.syncFailed') }),
    });

  return (
    <>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">{t('card.account')}</dt>
        <dd className="min-w-0 font-medium break-all">{connection.username}</dd>
        <dt className="text-muted-foreground">{t('card.health')}</dt>
        <dd className="grid min-w-0 justify-items-start gap-0.5">
          <Badge variant={HEALTH_VARIANT[health.status]}>{t(`card.healthStatus.${health.status}`)}</Badge>
          {health.status === 'failing' && health.error ? (
            <span className="text-xs break-words text-destructive">{health.error}</span>
          ) : null}
          {health.checkedAt ? (
            <span className="text-xs text-muted-foreground">
              {t('card.checkedAt', { date: formatDate(health.checkedAt) })}
            </span>
          ) : null}
        </dd>
        <dt className="text-muted-foreground">{t('card.lastSync')}</dt>
        <dd className="min-w-0">
          {connection.lastSyncAt ? formatDate(connection.lastSyncAt) : t('card.neverSynced')}
        </dd>
      </dl>
      {connection.mailbox ? <MailboxReading mailbox={connection.mailbox} /> : null}
      {connection.platform === 'whatsapp' && !connection.credentialHints.business_account_id ? (
        // Campaigns' approved templates are listed from the business account (docs/decisions/034).
        <p className="text-xs text-muted-foreground">{t('card.whatsAppTemplatesNeedAccount')}</p>
      ) : null}
      <MessengerPermissions connection={connection} readOnly={connection.isSample} />
      {connection.isSample ? (
        // A demo's sample mailbox never contacts a server: nothing to test, sync or disconnect.
        <p className="text-xs text-muted-foreground">{t('card.sampleHint')}</p>
      ) : (
        <ConnectionActions
          connection={connection}
          testing={test.isPending}
          syncing={sync.isPending}
          onTest={runTest}
          onSync={runSync}
          onDisconnect={onDisconnect}
        />
      )}
    </>
  );
}

/** Test, Sync (where the platform can be pulled) and Disconnect. */
function ConnectionActions({
  connection,
  testing,
  syncing,
  onTest,
  onSync,
  onDisconnect,
}: {
  connection: MessengerConnection;
  testing: boolean;
  syncing: boolean;
  onTest: () => void;
  onSync: () => void;
  onDisconnect: () => void;
}) {
  const { t } = useTranslation('messengers');
  const name = platformName(connection.platform);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        loading={testing}
        onClick={onTest}
        aria-label={t('actions.testLabel', { platform: name })}
      >
        {testing ? null : <FlaskConical aria-hidden="true" />}
        {testing ? t('actions.testing') : t('actions.test')}
      </Button>
      {canSync(connection) ? (
        <Button
          variant="outline"
          size="sm"
          loading={syncing}
          onClick={onSync}
          aria-label={t('actions.syncLabel', { platform: name })}
        >
          {syncing ? null : <RefreshCw aria-hidden="true" />}
          {syncing ? t('actions.syncing') : t('actions.sync')}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive"
        onClick={onDisconnect}
        aria-label={t('actions.disconnectLabel', { platform: name })}
      >
        <Unplug aria-hidden="true" />
        {t('actions.disconnect')}
      </Button>
    </div>
  );
}

/**
 * A mailbox read in progress ("Reading mail… 120 of 480", with a progress bar), or why the last
 * one failed. Nothing while idle.
 */
function MailboxReading({ mailbox }: { mailbox: NonNullable<MessengerConnection['mailbox']> }) {
  const {
    t,
    i18n: { language },
  } = useTranslation('messengers');
  if (mailbox.state === 'failed') {
    return (
      <p className="text-xs break-words text-destructive">
        {t('card.mailbox.failed', {
          error: mailbox.error ? t(`card.mailbox.reasons.${mailbox.error}`) : t('card.mailbox.unknownError'),
        })}
      </p>
    );
  }
  if (mailbox.state !== 'syncing') return null;
  const numbers = new Intl.NumberFormat(intlLocale(language));
  // Until the server has counted the mails there is no total: the bar shows no value yet.
  const counted = mailbox.total > 0;
  const done = Math.min(mailbox.done, mailbox.total);
  const status = counted
    ? t('card.mailbox.progress', { done: numbers.format(done), total: numbers.format(mailbox.total) })
    : t('card.mailbox.starting');
  return (
    <div className="grid gap-1.5">
      <p className="text-xs text-muted-foreground">{status}</p>
      <div
        role="progressbar"
        aria-label={t('card.mailbox.label')}
        aria-valuemin={0}
        aria-valuemax={counted ? mailbox.total : undefined}
        aria-valuenow={counted ? done : undefined}
        aria-valuetext={status}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: counted ? `${(done / mailbox.total) * 100}%` : '0%' }}
        />
      </div>
    </div>
  );
}
