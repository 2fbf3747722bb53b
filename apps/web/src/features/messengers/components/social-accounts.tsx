import type { SocialAccount, SocialPlatform } from '@doppel/contracts';
import { socialPlatforms } from '@doppel/contracts';
import { Copy, Link2, RefreshCw, Unplug } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { FormField } from '@/components/form/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatShortDate } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import {
  useDisconnectSocialAccount,
  useRemoveSocialApp,
  useSaveSocialApp,
  useSocialAccounts,
  useStartSocialConnect,
} from '../api/social-accounts-api';

/** Brand names, the same in every language. */
export const SOCIAL_NAMES: Record<SocialPlatform, string> = { reddit: 'Reddit', linkedin: 'LinkedIn' };

/**
 * Settings → Messengers → Reddit and LinkedIn: accounts connected with OAuth, through which the
 * twin reads subreddits and publishes posts and comments. Connect sends the browser to the
 * platform's consent page; it comes back to /oauth/<platform>/callback.
 */
export function SocialAccountsSection({ canConnect }: { canConnect: boolean }) {
  const { t } = useTranslation('messengers');
  const headingId = useId();
  const accounts = useSocialAccounts();
  let body;
  if (accounts.isError) {
    body = (
      <ErrorState
        message={errorMessage(accounts.error, t('social.loadFailed'))}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isFetching}
      />
    );
  } else if (!accounts.data) {
    body = (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
        {socialPlatforms.map((platform) => (
          <Skeleton key={platform} className="h-44 w-full" />
        ))}
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2" aria-labelledby={headingId}>
        {accounts.data.items.map((account) => (
          <SocialAccountCard key={account.platform} account={account} canConnect={canConnect} />
        ))}
      </ul>
    );
  }
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-base font-semibold">
          {t('social.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('social.description')}</p>
      </div>
      {body}
    </section>
  );
}

const STATE_BADGE = { connected: 'success', reconnect: 'danger', disconnected: 'outline' } as const;

function SocialAccountCard({ account, canConnect }: { account: SocialAccount; canConnect: boolean }) {
  const { t } = useTranslation('messengers');
  const headingId = useId();
  const name = SOCIAL_NAMES[account.platform];
  const connect = useStartSocialConnect();
  const disconnect = useDisconnectSocialAccount();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const hasApp = account.app.source !== 'none';
  const startConnect = () =>
    connect.mutate(account.platform, {
      onError: (error) =>
        notifyError(error, i18n.t('errors:internal'), {
          title: t('social.connectFailed', { platform: name }),
        }),
    });

  return (
    <li aria-labelledby={headingId} className="grid content-start gap-3 rounded-lg border p-4">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <Link2 className="size-4" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 justify-items-start gap-1">
          <h4 id={headingId} className="font-semibold">
            {name}
          </h4>
          <Badge variant={STATE_BADGE[account.state]}>{t(`social.state.${account.state}`)}</Badge>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t(`social.gives.${account.platform}`)}</p>
      {account.state === 'connected' && account.accountName ? (
        <p className="text-sm">
          {t('social.signedInAs', {
            name: account.platform === 'reddit' ? `u/${account.accountName}` : account.accountName,
          })}
          {account.connectedAt ? (
            <span className="block text-xs text-muted-foreground">
              {t('social.connectedAt', {
                date: formatShortDate(account.connectedAt),
              })}
            </span>
          ) : null}
        </p>
      ) : null}
      {account.state === 'reconnect' ? (
        <Notice variant="destructive">
          <p>{t('social.reconnectNote', { platform: name })}</p>
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {account.state === 'connected' ? (
          <Button variant="outline" size="sm" onClick={() => setConfirmingDisconnect(true)}>
            <Unplug aria-hidden="true" />
            {t('social.disconnect')}
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={!canConnect || !hasApp}
            loading={connect.isPending}
            onClick={startConnect}
          >
            {account.state === 'reconnect' ? <RefreshCw aria-hidden="true" /> : <Link2 aria-hidden="true" />}
            {account.state === 'reconnect'
              ? t('social.reconnect', { platform: name })
              : t('social.connect', { platform: name })}
          </Button>
        )}
      </div>
      {canConnect ? <OwnAppForm account={account} /> : null}
      <ConfirmDialog
        open={confirmingDisconnect}
        onOpenChange={setConfirmingDisconnect}
        title={t('social.disconnectDialog.title', { platform: name })}
        description={t('social.disconnectDialog.description', { platform: name })}
        cancelLabel={t('disconnectDialog.cancel')}
        confirmLabel={t('disconnectDialog.confirm')}
        pending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(account.platform, {
            onSuccess: () => {
              notifySuccess(t('toast.disconnected', { platform: name }));
              setConfirmingDisconnect(false);
            },
            onError: (error) =>
              notifyError(error, i18n.t('errors:internal'), { title: t('toast.disconnectFailed') }),
          })
        }
      />
    </li>
  );
}

/**
 * The user's own OAuth app: needed when the server has none, possible otherwise. Shows the
 * redirect URI to register with the platform; the secret is write-only.
 */
function OwnAppForm({ account }: { account: SocialAccount }) {
  const { t } = useTranslation('messengers');
  const name = SOCIAL_NAMES[account.platform];
  const save = useSaveSocialApp();
  const remove = useRemoveSocialApp();
  const [open, setOpen] = useState(account.app.source === 'none');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [errors, setErrors] = useState<{ clientId?: string; clientSecret?: string }>({});
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const submit = () => {
    const next = {
      clientId: clientId.trim() ? undefined : t('social.app.clientIdRequired'),
      clientSecret: clientSecret.trim() ? undefined : t('social.app.clientSecretRequired'),
    };
    setErrors(next);
    if (next.clientId || next.clientSecret) return;
    save.mutate(
      { platform: account.platform, app: { clientId: clientId.trim(), clientSecret: clientSecret.trim() } },
      {
        onSuccess: () => {
          notifySuccess(t('social.app.saved', { platform: name }));
          setClientId('');
          setClientSecret('');
        },
        onError: (error) =>
          notifyError(error, i18n.t('errors:internal'), { title: t('social.app.saveFailed') }),
      },
    );
  };

  const copyRedirect = async () => {
    try {
      await navigator.clipboard.writeText(account.redirectUri);
      notifySuccess(t('social.app.redirectCopied'));
    } catch {
      notifyFailure(t('social.app.copyFailed'));
    }
  };

  return (
    <details
      className="grid gap-2 rounded-md border p-3 text-sm"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium">
        {account.app.source === 'user'
          ? t('social.app.ownSummary', { clientId: account.app.clientId })
          : account.app.source === 'server'
            ? t('social.app.serverSummary')
            : t('social.app.noneSummary', { platform: name })}
      </summary>
      <div className="mt-2 grid gap-3">
        <p className="text-xs text-muted-foreground">{t(`social.app.help.${account.platform}`)}</p>
        <div className="grid gap-1">
          <span className="text-xs font-medium">{t('social.app.redirectUri')}</span>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded bg-subtle px-2 py-1 text-xs">
              {account.redirectUri}
            </code>
            <Button type="button" variant="ghost" size="sm" onClick={() => void copyRedirect()}>
              <Copy aria-hidden="true" />
              {t('social.app.copyRedirect')}
            </Button>
          </div>
        </div>
        <form
          className="grid gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label={t('social.app.clientId')} error={errors.clientId}>
            {(control) => (
              <Input
                {...control}
                value={clientId}
                autoComplete="off"
                onChange={(event) => setClientId(event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('social.app.clientSecret')} error={errors.clientSecret}>
            {(control) => (
              <Input
                {...control}
                type="password"
                value={clientSecret}
                autoComplete="off"
                onChange={(event) => setClientSecret(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={save.isPending}>
              {t('social.app.save')}
            </Button>
            {account.app.source === 'user' ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setConfirmingRemove(true)}>
                {t('social.app.remove')}
              </Button>
            ) : null}
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={confirmingRemove}
        onOpenChange={setConfirmingRemove}
        title={t('social.app.removeDialog.title', { platform: name })}
        description={t('social.app.removeDialog.description', { platform: name })}
        cancelLabel={t('disconnectDialog.cancel')}
        confirmLabel={t('social.app.remove')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(account.platform, {
            onSuccess: () => setConfirmingRemove(false),
            onError: (error) =>
              notifyError(error, i18n.t('errors:internal'), { title: t('social.app.saveFailed') }),
          })
        }
      />
    </details>
  );
}
