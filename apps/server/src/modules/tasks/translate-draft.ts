import {
  translateDraftInputSchema,
  type TranslateDraftInput,
  type TranslateDraftResult,
} from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { resolveModel } from '../ai-models/resolve-model';
import type { AuthenticatedUser } from '../auth/sessions';
import { translateWithModel } from '../engine/model-analysis';
import { draftLanguage } from './generate-task-drafts';
import { getTask } from './task-queries';

/**
 * The composer's Translate button: the user's draft into the language the task is answered in
 * (the response language setting, else the contact's). Needs a language model — the offline
 * engine cannot translate, and says so rather than pretend.
 */
export async function translateDraft(
  ctx: AppContext,
  auth: AuthenticatedUser,
  taskId: string,
  input: TranslateDraftInput,
): Promise<TranslateDraftResult> {
  const { text } = translateDraftInputSchema.parse(input);
  const task = await getTask(ctx.db, auth.userId, taskId);
  const model = await resolveModel(ctx, auth);
  if (model.kind === 'offline') throw new AppError('ai_model_required');
  const language = await draftLanguage(ctx, auth.userId, task);
  const translated = await translateWithModel(ctx, auth.userId, model, text, language);
  return { text: translated, language, model: model.config.model };
}
