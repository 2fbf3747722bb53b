import type { DraftKind, SendTaskMessageResult, Task } from '@doppel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApi } from '@/lib/services';
import { refreshTaskViews } from '@/lib/task-api';

/** The composer's Send: saves the text, records it in the contact's history, completes the task. */
export function useSendTaskMessage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, text, kind }: { taskId: string; text: string; kind: string }) =>
      api.post<SendTaskMessageResult>(`/api/tasks/${taskId}/send`, { text, kind }),
    onSuccess: (result) => refreshTaskViews(queryClient, result.task),
    onError: (error) => notifyError(error, i18n.t('tasks:errors.send')),
  });
}

/** "Generate quick" / "Generate detailed": drafts merged into the task's responses. */
export function useGenerateDrafts() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, kind }: { taskId: string; kind: DraftKind }) =>
      api.post<Task>(`/api/tasks/${taskId}/drafts`, { kinds: [kind] }),
    onSuccess: (task) => {
      // The drafts are saved into the task's responses: the spec's 'Ответы сохранены'.
      notifySuccess(i18n.t('tasks:toast.responsesSaved'));
      return refreshTaskViews(queryClient, task);
    },
    onError: (error) => notifyError(error, i18n.t('assistant:drafts.failed')),
  });
}
