import type { ApiKeyAction, ApiKeyResource, ApiKeyService } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';

/** Names of services and permissions, shared by the list and the create dialog. */
export function useKeyLabels() {
  const { t } = useTranslation('apiKeys');
  return {
    service: (service: ApiKeyService) => t(`services.${service}`),
    resource: (resource: ApiKeyResource) => t(`resources.${resource}`),
    /** "Contacts: read" — a chip in the list and a checkbox's name in the dialog. */
    permission: (resource: ApiKeyResource, action: ApiKeyAction) =>
      t('permission', { resource: t(`resources.${resource}`), action: t(`actions.${action}`) }),
  };
}
