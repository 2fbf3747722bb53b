import { type ContactSource, type MessageTemplate, routes } from '@doppel/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/services';

/*
 * The same keys and answers as the Personas screen's queries (['personas', …]), so a template
 * edited there shows here, and one fetch serves both.
 */
const personaListKey = ['personas', 'list'] as const;
const templatesKey = (personaId: string) => ['personas', 'templates', personaId] as const;

/**
 * The twin's-voice persona's message templates that fit a contact: universal ones and those of
 * the messenger the contact writes on. Empty while loading, without
 * a twin's voice, or when the personas cannot be read — the composer's other options remain.
 */
export function useTwinVoiceTemplates(source: ContactSource | null, enabled: boolean): MessageTemplate[] {
  const api = useApi();
  const personas = useQuery({
    queryKey: personaListKey,
    queryFn: ({ signal }) => api.call(routes.personas.list, { signal }),
    enabled,
  });
  const twin = personas.data?.items.find((persona) => persona.isTwinVoice);
  const templates = useQuery({
    queryKey: templatesKey(twin?.id ?? ''),
    queryFn:
      enabled && twin
        ? ({ signal }) => api.call(routes.personas.templates, { params: { id: twin.id }, signal })
        : skipToken,
  });
  if (!twin || !templates.data) return [];
  return templates.data.items.filter(
    (template) => template.platform === 'universal' || template.platform === source,
  );
}
