import { type ChatStreamEvent, chatStreamEventSchema, routes } from '@doppel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiErrorFromStreamEvent } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { readEventStream } from '@/lib/live-updates';
import { notifyError } from '@/lib/notify';
import { useApi } from '@/lib/services';
import { agentKeys } from './agent-keys';
import { appendChatMessage, clearChatHistory, removeChatMessage } from './get-chat-history';

export interface ChatStreamState {
  /** A message was sent and its answer has not finished yet. */
  answering: boolean;
  /** The answer written so far. */
  text: string;
  /** The tool the twin is using right now, until more text comes. */
  tool: string | null;
}

const IDLE: ChatStreamState = { answering: false, text: '', tool: null };

/**
 * Sends one console message and follows the answer as it streams in. The stored user message
 * and the finished answer go into the cached conversation, so it survives leaving the page;
 * leaving the page stops the stream. `send` resolves false when the message failed (after
 * the error toast), so the caller can give the text back.
 */
export function useChatStream() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChatStreamState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (!controller.current) return;
      controller.current.abort();
      // The server may still store the answer: the next visit fetches the conversation anew.
      void queryClient.invalidateQueries({ queryKey: agentKeys.messages() });
    },
    [queryClient],
  );

  const send = useCallback(
    async (content: string): Promise<boolean> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ answering: true, text: '', tool: null });
      let text = '';
      let finished = false;
      let question: string | null = null;
      const handle = (event: ChatStreamEvent) => {
        if (finished) return;
        switch (event.type) {
          case 'user':
            question = event.message.id;
            appendChatMessage(queryClient, event.message);
            break;
          case 'tool':
            setState((current) => ({ ...current, tool: event.name }));
            break;
          case 'delta':
            text += event.text;
            setState((current) => ({ ...current, text, tool: null }));
            break;
          case 'done':
            finished = true;
            appendChatMessage(queryClient, event.message);
            setState(IDLE);
            break;
          case 'cleared':
            finished = true;
            clearChatHistory(queryClient);
            setState(IDLE);
            break;
          case 'error':
            throw apiErrorFromStreamEvent(event.error);
        }
      };
      try {
        const response = await api.stream(routes.agent.sendMessage, {
          body: { content },
          signal: abort.signal,
        });
        await readEventStream(response, chatStreamEventSchema, handle);
        // A stream cut before its last event: the answer is lost, say so.
        if (!finished) throw new ApiError('bad_response', '', response.status);
        return true;
      } catch (error) {
        if (abort.signal.aborted) return false;
        // Nothing of a failed exchange is stored; the text goes back into the input instead.
        if (question) removeChatMessage(queryClient, question);
        notifyError(error, i18n.t('agent:errors.send'));
        return false;
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          if (!abort.signal.aborted) setState(IDLE);
        }
      }
    },
    [api, queryClient],
  );

  return { ...state, send };
}
