import { messengerPlatforms, type MessengerConnection, type MessengerPlatform } from '@doppel/contracts';
import { FlaskConical, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { SectionHeader } from '@/components/section-header';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess, startCreateAccount } from '@/lib/notify';
import { useSession } from '@/lib/services';
import { useDisconnectMessenger, useMessengers } from '../api/messengers-api';
import { platformName } from '../utils/platforms';
import { ConnectMessengerDialog } from './connect-messenger-dialog';
import { MessengerCard } from './messenger-card';
import { MessengersInfo } from './messengers-info';
import { SocialAccountsSection } from './social-accounts';

type ConnectState = { open: false } | { open: true; platform: MessengerPlatform | null };

/**
 * Settings → Messengers: one card per platform with its state and actions, the connect
 * dialog, and what connecting gives. A demo sandbox can look but not connect.
 */
export function MessengersTab() {
  const { t } = useTranslation('messengers');
  const { isDemo } = useSession();
  const messengers = useMessengers();
  const headingId = useId();
  const demoNoteId = useId();
  const [connect, setConnect] = useState<ConnectState>({ open: false });
  const [disconnecting, setDisconnecting] = useState<MessengerConnection | null>(null);

  const openConnect = (platform: MessengerPlatform | null) => setConnect({ open: true, platform });
  const connectedOn = (platform: MessengerPlatform) =>
    messengers.data?.items.find((item) => item.platform === platform && item.isConnected);

  let body;
  if (messengers.isError) {
    body = (
      <ErrorState
        message={errorMessage(messengers.error, t('loadFailed'))}
        onRetry={() => void messengers.refetch()}
        retrying={messengers.isFetching}
      />
    );
  } else if (!messengers.data) {
    body = (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
        {messengerPlatforms.map((platform) => (
          <Skeleton key={platform} className="h-44 w-full" />
        ))}
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2" aria-labelledby={headingId}>
        {messengerPlatforms.map((platform) => (
          <MessengerCard
            key={platform}
            platform={platform}
            connection={connectedOn(platform)}
            canConnect={!isDemo}
            onConnect={() => openConnect(platform)}
            onDisconnect={setDisconnecting}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby={headingId}>
        <SectionHeader
          headingId={headingId}
          title={t('title')}
          description={t('description')}
          action={
            <Button
              onClick={() => openConnect(null)}
              disabled={isDemo}
              aria-describedby={isDemo ? demoNoteId : undefined}
            >
              <Plus aria-hidden="true" />
              {t('connect')}
            </Button>
          }
        />
        {isDemo ? (
          <Notice variant="warning">
            <FlaskConical aria-hidden="true" />
            <div className="grid gap-1" id={demoNoteId}>
              <p className="font-semibold">{t('demo.title')}</p>
              <p>{t('demo.description')}</p>
              <button
                type="button"
                onClick={startCreateAccount}
                className="justify-self-start font-semibold underline underline-offset-4"
              >
                {t('demo.createAccount')}
              </button>
            </div>
          </Notice>
        ) : null}
        {body}
      </section>
      <SocialAccountsSection canConnect={!isDemo} />
      <MessengersInfo />
      <ConnectMessengerDialog
        open={connect.open}
        initialPlatform={connect.open ? connect.platform : null}
        onOpenChange={(open) => {
          if (!open) setConnect({ open: false });
        }}
      />
      <DisconnectDialog connection={disconnecting} onClose={() => setDisconnecting(null)} />
    </div>
  );
}

/** Every destructive action asks first. */
function DisconnectDialog({
  connection,
  onClose,
}: {
  connection: MessengerConnection | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('messengers');
  const disconnect = useDisconnectMessenger();
  const [shown, setShown] = useState<MessengerConnection | null>(connection);
  // Keep the name on screen while the dialog closes.
  if (connection && connection !== shown) setShown(connection);
  const platform = shown ? platformName(shown.platform) : '';

  const confirm = () => {
    if (!connection) return;
    disconnect.mutate(connection.id, {
      onSuccess: () => {
        notifySuccess(t('toast.disconnected', { platform }));
        onClose();
      },
      onError: (error) =>
        notifyError(error, i18n.t('errors:internal'), { title: t('toast.disconnectFailed') }),
    });
  };

  return (
    <ConfirmDialog
      open={connection !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('disconnectDialog.title', { platform })}
      description={t('disconnectDialog.description')}
      cancelLabel={t('disconnectDialog.cancel')}
      confirmLabel={t('disconnectDialog.confirm')}
      pending={disconnect.isPending}
      onConfirm={confirm}
    />
  );
}

export default MessengersTab;
