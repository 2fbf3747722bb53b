import { errorMessages, errorReasons, interfaceLanguages } from '@doppel/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromResponse, apiErrorFromStreamEvent } from './api-error';
import { errorMessage } from './error-message';
import { i18n } from './i18n';

const FALLBACK = 'The source could not be added.';

function reply(status: number, error: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('errorMessage', () => {
  it('words a reason the server gives in the interface language, never its English message', async () => {
    const error = await apiErrorFromResponse(
      reply(409, {
        code: 'conflict',
        message: 'You already follow this feed.',
        reason: 'already_following_feed',
      }),
    );
    expect(error.reason).toBe('already_following_feed');
    expect(errorMessage(error, FALLBACK)).toBe('You already follow this news feed.');

    await i18n.changeLanguage('ru');
    expect(errorMessage(error, FALLBACK)).toBe('Вы уже следите за этой новостной лентой.');
    expect(errorMessage(error, FALLBACK)).not.toContain('You already follow');
  });

  it('words the reason of a stream’s error event too (the agent console, drafts)', async () => {
    const error = apiErrorFromStreamEvent({
      code: 'conflict',
      message: 'A High Concept Analysis has no message to draft; review its proposal on the Personas page.',
      reason: 'nothing_to_draft',
    });
    await i18n.changeLanguage('ru');
    expect(errorMessage(error, FALLBACK)).toBe(
      'У анализа концепции нет сообщения, для которого нужен черновик; посмотрите его предложение на странице «Персоны».',
    );
  });

  it('shows the server’s message when the reason is one this app does not know yet', async () => {
    const error = await apiErrorFromResponse(
      reply(409, { code: 'conflict', message: 'Something newer went wrong.', reason: 'from_a_newer_server' }),
    );
    expect(error.reason).toBeUndefined();
    expect(errorMessage(error, FALLBACK)).toBe('Something newer went wrong.');
  });

  it('translates a code’s standard message and falls back for an internal error', async () => {
    await i18n.changeLanguage('ru');
    expect(errorMessage(new ApiError('not_found', errorMessages.not_found, 404), FALLBACK)).toBe(
      'Не найдено',
    );
    expect(errorMessage(new ApiError('internal', '', 500), FALLBACK)).toBe(FALLBACK);
  });

  it('has words for every reason in every interface language', () => {
    const missing = interfaceLanguages.flatMap((language) =>
      errorReasons
        .filter((reason) => typeof i18n.getResource(language, 'errorReasons', reason) !== 'string')
        .map((reason) => `${language} ${reason}`),
    );
    expect(missing).toEqual([]);
  });
});
