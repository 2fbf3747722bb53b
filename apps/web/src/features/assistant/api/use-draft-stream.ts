import { type DraftKind, type DraftStreamEvent, draftStreamEventSchema, routes } from '@doppel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorFromStreamEvent } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { readEventStream } from '@/lib/live-updates';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApi } from '@/lib/services';
import { refreshTaskViews } from '@/lib/task-api';

export interface DraftStreamState {
  /** The kind being written, or null when idle. */
  kind: DraftKind | null;
  /** What has been written so far (the whole draft once done). */
  text: string;
  /** Who wrote the last finished draft. */
  engine: Extract<DraftStreamEvent, { type: 'done' }>['engine'] | null;
}

const IDLE: DraftStreamState = { kind: null, text: '', engine: null };

/**
 * "Generate quick/detailed": the draft streams in as the model writes it (or arrives at once
 * from the offline engine), then is saved into the task's responses by the server. Leaving the
 * screen stops the stream.
 */
export function useDraftStream(taskId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<DraftStreamState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (kind: DraftKind, onDone?: (text: string) => void) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ kind, text: '', engine: null });
      let text = '';
      const handle = (event: DraftStreamEvent) => {
        if (event.type === 'delta') {
          text += event.text;
          setState((current) => ({ ...current, text }));
        } else if (event.type === 'done') {
          setState({ kind: null, text, engine: event.engine });
          notifySuccess(i18n.t('tasks:toast.responsesSaved'));
          void refreshTaskViews(queryClient, event.task);
          onDone?.(text);
        } else {
          throw apiErrorFromStreamEvent(event.error);
        }
      };
      try {
        const response = await api.stream(routes.tasks.streamDraft, {
          params: { id: taskId },
          body: { kind },
          signal: abort.signal,
        });
        await readEventStream(response, draftStreamEventSchema, handle);
      } catch (error) {
        if (abort.signal.aborted) return;
        setState((current) => ({ ...current, kind: null }));
        notifyError(error, i18n.t('assistant:drafts.failed'));
      }
    },
    [api, queryClient, taskId],
  );

  return { ...state, streaming: state.kind !== null, start };
}
