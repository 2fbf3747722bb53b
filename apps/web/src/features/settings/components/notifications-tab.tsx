import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/services';
import { useSettings } from '@/lib/settings-query';
import { useUpdateSettings, type SettingsPatch } from '../api/get-settings';
import { useNotificationStatus } from '../api/notifications';
import { NotificationsEmailSection } from './notifications-email-section';
import { NotificationsPushSection } from './notifications-push-section';
import { NotificationsTelegramSection } from './notifications-telegram-section';

/** Settings → Notifications: where urgent tasks reach the user — email, this browser, Telegram. */
export function NotificationsTab() {
  const { t } = useTranslation('notifications');
  const { isDemo } = useSession();
  const settings = useSettings();
  const status = useNotificationStatus();
  const update = useUpdateSettings();

  const save = (patch: SettingsPatch) =>
    update.mutate(patch, { onError: (error) => notifyError(error, t('saveFailed')) });

  const failed = settings.isError ? settings : status.isError ? status : null;
  if (failed && (!settings.data || !status.data)) {
    return (
      <ErrorState
        message={errorMessage(failed.error, t('loadFailed'))}
        onRetry={() => {
          void settings.refetch();
          void status.refetch();
        }}
        retrying={settings.isFetching || status.isFetching}
      />
    );
  }
  if (!settings.data || !status.data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  const { notifications } = settings.data;
  return (
    <div className="grid max-w-xl gap-4">
      <p className="text-sm text-muted-foreground">{t('intro')}</p>
      {isDemo ? <Notice variant="warning">{t('demo')}</Notice> : null}
      <NotificationsEmailSection notifications={notifications} disabled={isDemo} save={save} />
      <NotificationsPushSection
        pushOn={notifications.push}
        subscriptions={status.data.pushSubscriptions}
        disabled={isDemo}
        save={save}
      />
      <NotificationsTelegramSection
        state={status.data.telegram}
        telegramOn={notifications.telegram}
        disabled={isDemo}
        save={save}
      />
    </div>
  );
}
