import { messengerPermissions, type MessengerConnection, type MessengerPermission } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateMessengerPermissions } from '../api/messengers-api';
import { platformName } from '../utils/platforms';

/**
 * read_messages lets the platform's messages in as tasks, send_messages lets replies out.
 * Each switch saves at once; while saving it shows the new state. A sample connection's are
 * shown as they are, not changed.
 */
export function MessengerPermissions({
  connection,
  readOnly = false,
}: {
  connection: MessengerConnection;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('messengers');
  const update = useUpdateMessengerPermissions();
  const name = platformName(connection.platform);
  const current = update.isPending ? update.variables.permissions : connection.permissions;

  const toggle = (permission: MessengerPermission, on: boolean) => {
    const next = messengerPermissions.filter((item) => (item === permission ? on : current.includes(item)));
    update.mutate(
      { id: connection.id, permissions: next },
      {
        onSuccess: () => notifySuccess(t('toast.permissionsSaved', { platform: name })),
        onError: (error) =>
          notifyError(error, i18n.t('errors:internal'), { title: t('toast.permissionsFailed') }),
      },
    );
  };

  return (
    <fieldset className="grid gap-1.5" aria-busy={update.isPending || undefined}>
      <legend className="mb-1 text-sm text-muted-foreground">{t('card.permissions')}</legend>
      {messengerPermissions.map((permission) => (
        <label key={permission} className="flex min-h-11 items-center gap-3 text-sm md:min-h-0">
          <input
            type="checkbox"
            role="switch"
            className="size-5 shrink-0 accent-primary md:size-4"
            checked={current.includes(permission)}
            disabled={readOnly || update.isPending}
            onChange={(event) => toggle(permission, event.target.checked)}
          />
          {t(`permissions.${permission}`)}
        </label>
      ))}
    </fieldset>
  );
}
