import { routes } from '@doppel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { useApi } from '@/lib/services';
import { refreshTaskViews } from '@/lib/task-api';

/**
 * The composer's Send: saves the text, records it in the contact's history, completes the task.
 * An email contact's message goes with its subject.
 */
export function useSendTaskMessage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      taskId,
      text,
      kind,
      subject,
      postTitle,
      community,
    }: {
      taskId: string;
      text: string;
      kind: string;
      subject?: string;
      /** A Reddit post: its title and subreddit. */
      postTitle?: string;
      community?: string;
    }) =>
      api.call(routes.tasks.send, {
        params: { id: taskId },
        body: { text, kind, subject, postTitle, community },
      }),
    onSuccess: (result) => refreshTaskViews(queryClient, result.task),
    // The product's title; the description says why (a messenger's refusal comes with its reason).
    onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: i18n.t('tasks:errors.send') }),
  });
}

/** The composer's Translate: the draft into the language the task is answered in (needs a model). */
export function useTranslateDraft() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ taskId, text }: { taskId: string; text: string }) =>
      api.call(routes.tasks.translate, { params: { id: taskId }, body: { text } }),
    onError: (error) => notifyError(error, i18n.t('assistant:composer.translateFailed')),
  });
}

/** Sends a failed email again, or one whose fate is unknown (after the user checked Sent). */
export function useRetryDelivery() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.call(routes.tasks.retryDelivery, { params: { id: taskId } }),
    onSuccess: (result) => refreshTaskViews(queryClient, result.task),
    onError: (error) =>
      notifyError(error, i18n.t('errors:internal'), { title: i18n.t('assistant:sent.retryFailed') }),
  });
}
