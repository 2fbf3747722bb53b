import {
  type CreateMessageTemplateInput,
  type CreatePersonaInput,
  type Persona,
  type PersonaList,
  type ProposableField,
  routes,
  type UpdateMessageTemplateInput,
  type UpdatePersonaInput,
} from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApi } from '@/lib/services';
import { refreshTaskViews, taskKeys } from '@/lib/task-api';

/*
 * The Personas area's server state. Every key starts with 'personas', so one invalidation
 * refreshes the list, the detail and the stats after any change.
 */
export const personaKeys = {
  all: ['personas'] as const,
  list: () => ['personas', 'list'] as const,
  detail: (id: string) => ['personas', 'detail', id] as const,
  stats: (id: string) => ['personas', 'stats', id] as const,
  templates: (id: string) => ['personas', 'templates', id] as const,
};

/** All personas of the user, newest first. */
export function usePersonas() {
  const api = useApi();
  return useQuery({
    queryKey: personaKeys.list(),
    queryFn: ({ signal }) => api.call(routes.personas.list, { signal }),
  });
}

/** One persona; shown at once from the list when it is there, refreshed from its own route. */
export function usePersona(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: personaKeys.detail(id),
    queryFn: ({ signal }) => api.call(routes.personas.get, { params: { id }, signal }),
    initialData: () =>
      queryClient.getQueryData<PersonaList>(personaKeys.list())?.items.find((item) => item.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(personaKeys.list())?.dataUpdatedAt,
  });
}

export function usePersonaStats(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: personaKeys.stats(id),
    queryFn: ({ signal }) => api.call(routes.personas.stats, { params: { id }, signal }),
  });
}

/** Puts a changed persona into the caches at once, then refetches whatever shows personas. */
function storePersona(queryClient: QueryClient, persona: Persona): Promise<unknown> {
  queryClient.setQueryData(personaKeys.detail(persona.id), persona);
  queryClient.setQueryData<PersonaList>(personaKeys.list(), (list) => {
    if (!list) return list;
    const known = list.items.some((item) => item.id === persona.id);
    const items = known
      ? list.items.map((item) => (item.id === persona.id ? persona : item))
      : [persona, ...list.items];
    // There is one twin's voice: the new one takes the badge from the others.
    return {
      items: persona.isTwinVoice
        ? items.map((item) => (item.id === persona.id ? item : { ...item, isTwinVoice: false }))
        : items,
    };
  });
  return queryClient.invalidateQueries({ queryKey: personaKeys.list() });
}

export function useCreatePersona() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePersonaInput) => api.call(routes.personas.create, { body: input }),
    onSuccess: async (persona) => {
      notifySuccess(i18n.t('personas:toast.created'));
      await storePersona(queryClient, persona);
    },
  });
}

/** Saves the changed fields only. The caller shows field errors; other failures are toasted here. */
export function useUpdatePersona(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePersonaInput) =>
      api.call(routes.personas.update, { params: { id }, body: changes }),
    onSuccess: async (persona) => {
      notifySuccess(i18n.t('personas:toast.saved'));
      await storePersona(queryClient, persona);
    },
  });
}

export function useMakeTwinVoice(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.personas.makeTwinVoice, { params: { id } }),
    onSuccess: async (persona) => {
      notifySuccess(i18n.t('personas:toast.twinVoice', { name: persona.name }));
      await storePersona(queryClient, persona);
    },
    onError: (error) => notifyError(error, i18n.t('personas:errors.twinVoice')),
  });
}

export function useDeletePersona(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.personas.delete, { params: { id } }),
    onSuccess: async () => {
      notifySuccess(i18n.t('personas:toast.deleted'));
      queryClient.setQueryData<PersonaList>(personaKeys.list(), (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: personaKeys.detail(id) });
      queryClient.removeQueries({ queryKey: personaKeys.stats(id) });
      queryClient.removeQueries({ queryKey: personaKeys.templates(id) });
      // Deleting the twin's voice hands the badge to another persona on the server.
      await queryClient.invalidateQueries({ queryKey: personaKeys.list() });
    },
    onError: (error) => notifyError(error, i18n.t('personas:errors.delete')),
  });
}

export function usePersonaTemplates(personaId: string) {
  const api = useApi();
  return useQuery({
    queryKey: personaKeys.templates(personaId),
    queryFn: ({ signal }) => api.call(routes.personas.templates, { params: { id: personaId }, signal }),
  });
}

export function useCreateTemplate(personaId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMessageTemplateInput) =>
      api.call(routes.personas.createTemplate, { params: { id: personaId }, body: input }),
    onSuccess: async () => {
      notifySuccess(i18n.t('personas:toast.templateCreated'));
      await queryClient.invalidateQueries({ queryKey: personaKeys.templates(personaId) });
    },
  });
}

export function useUpdateTemplate(personaId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateMessageTemplateInput }) =>
      api.call(routes.personas.updateTemplate, { params: { id: personaId, templateId: id }, body: changes }),
    onSuccess: async () => {
      notifySuccess(i18n.t('personas:toast.templateSaved'));
      await queryClient.invalidateQueries({ queryKey: personaKeys.templates(personaId) });
    },
  });
}

export function useDeleteTemplate(personaId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.call(routes.personas.deleteTemplate, { params: { id: personaId, templateId: id } }),
    onSuccess: async () => {
      notifySuccess(i18n.t('personas:toast.templateDeleted'));
      await queryClient.invalidateQueries({ queryKey: personaKeys.templates(personaId) });
    },
    onError: (error) => notifyError(error, i18n.t('personas:errors.deleteTemplate')),
  });
}

/** "High Concept Analysis": the engine proposes high-concept and brand fields, kept in a task. */
export function useStartHighConceptAnalysis(personaId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.personas.startHighConceptAnalysis, { params: { id: personaId } }),
    onSuccess: (task) => refreshTaskViews(queryClient, task),
    onError: (error) => notifyError(error, i18n.t('personas:proposal.failed')),
  });
}

/** The High Concept Analysis task whose proposal is being reviewed. */
export function useProposalTask(taskId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: taskKeys.detail(taskId ?? ''),
    queryFn: ({ signal }) => api.call(routes.tasks.get, { params: { id: String(taskId) }, signal }),
    enabled: taskId !== null,
  });
}

/** Applies the accepted fields to the persona and completes the task. */
export function useAcceptProposal(personaId: string, taskId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ProposableField[]) =>
      api.call(routes.tasks.acceptProposal, { params: { id: taskId }, body: { fields } }),
    onSuccess: async ({ task, persona }, fields) => {
      queryClient.setQueryData(personaKeys.detail(personaId), persona);
      notifySuccess(i18n.t('personas:proposal.applied', { count: fields.length }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: personaKeys.list() }),
        refreshTaskViews(queryClient, task),
      ]);
    },
    onError: (error) => notifyError(error, i18n.t('personas:proposal.applyFailed')),
  });
}
