import { routes } from '@doppel/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

/*
 * The approved WhatsApp templates a campaign may open conversations with (docs/decisions/034).
 * Both keys start with 'messengers', as the messenger settings' own list does: a connection's
 * change ('messenger.changed', say a business account id added) refreshes them.
 */
export const whatsAppTemplateKeys = {
  connections: ['messengers'] as const,
  templates: (connectionId: string) => ['messengers', connectionId, 'whatsapp-templates'] as const,
};

/** The user's WhatsApp connection (from GET /api/messengers), null when WhatsApp is not connected. */
export function useWhatsAppConnection() {
  const api = useApi();
  return useQuery({
    queryKey: whatsAppTemplateKeys.connections,
    queryFn: ({ signal }) => api.call(routes.messengers.list, { signal }),
    select: (list) => list.items.find((item) => item.platform === 'whatsapp' && item.isConnected) ?? null,
  });
}

/** GET /api/messengers/:id/whatsapp-templates, once the connection is known. */
export function useWhatsAppTemplates(connectionId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: whatsAppTemplateKeys.templates(connectionId ?? ''),
    queryFn: ({ signal }) =>
      api.call(routes.messengers.whatsAppTemplates, { params: { id: connectionId! }, signal }),
    enabled: connectionId !== null,
    // Meta reviews templates in minutes to hours: a reopened dialog may ask again.
    staleTime: 60_000,
  });
}
