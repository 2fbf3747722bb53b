import type { AiModelTestResult } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../../lib/actor';
import { embedForUser, generateForUser } from './call-model';
import { resolveModelToTest } from './resolve-model';

const TEST_PROMPT = 'Reply with OK';
/** What a search model is asked to turn into a vector. */
const TEST_PASSAGE = 'Doppel checks that this model makes vectors for search by meaning.';

/**
 * The "test" button: a real minimal call. A provider failure or timeout is the answer, not an
 * error of this request; quota and demo refusals still are errors.
 */
export async function testAiModel(ctx: AppContext, auth: Actor, id: string): Promise<AiModelTestResult> {
  const model = await resolveModelToTest(ctx, auth, id);
  if (model.kind === 'offline') {
    // For API clients; the web app words the offline engine's readiness itself.
    return { ok: true, text: 'Offline drafting engine is ready (no language model).', latencyMs: 0 };
  }
  const started = performance.now();
  try {
    if (model.kind === 'search') {
      const [vector] = await embedForUser(ctx, auth.userId, model.model, [TEST_PASSAGE]);
      return {
        ok: true,
        text: '',
        latencyMs: Math.round(performance.now() - started),
        dimensions: vector?.length ?? 0,
      };
    }
    const answer = await generateForUser(ctx, auth.userId, model, {
      purpose: 'test',
      prompt: TEST_PROMPT,
      temperature: 0,
      maxOutputTokens: 16,
    });
    return { ok: true, text: answer.text, latencyMs: answer.latencyMs };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'ai_provider_failed' || error.code === 'ai_timeout')) {
      return {
        ok: false,
        latencyMs: Math.round(performance.now() - started),
        error: {
          code: error.code,
          message: error.message,
          ...(error.details.reason && { reason: error.details.reason }),
        },
      };
    }
    throw error;
  }
}
