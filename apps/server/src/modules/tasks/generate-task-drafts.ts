import {
  fillTemplate,
  findTemplate,
  generateTaskDraftsInputSchema,
  templateLanguageFor,
  templateValues,
  templatesFor,
  type DraftKind,
  type ReplyTemplate,
  type Task,
} from '@doppel/contracts';
import { eq, userSettings } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { saveTaskResponses } from './task-commands';
import { getTask } from './task-queries';

/**
 * The template a draft kind uses: the kind itself where the language has it (messages), else
 * the shortest of the task type's templates for "quick" and the longest for "detailed" (posts).
 */
function templateForDraft(
  task: Task,
  language: ReturnType<typeof templateLanguageFor>,
  kind: DraftKind,
): ReplyTemplate {
  const exact = findTemplate(task.type, language, kind);
  if (exact) return exact;
  const byLength = [...templatesFor(task.type, language)].sort((a, b) => a.content.length - b.content.length);
  return kind === 'quick' ? byLength[0]! : byLength[byLength.length - 1]!;
}

/**
 * Fills draft responses ("generate quick", "generate detailed" — spec §2 item 8) in the
 * response language setting when it is fixed, else the contact's language, and merges them
 * into the task's responses.
 *
 * This is the offline drafting engine: templates filled from the task. The AI engine issue puts
 * model-written drafts behind the same call.
 */
export async function generateTaskDrafts(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: { kinds: DraftKind[] },
): Promise<Task> {
  const { kinds } = generateTaskDraftsInputSchema.parse(input);
  const task = await getTask(ctx.db, userId, taskId);
  const [settings] = await ctx.db
    .select({ language: userSettings.language, responseLanguage: userSettings.responseLanguage })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // A fixed response language wins; 'auto' answers in the language the analysis found, else
  // the contact's, else the interface language.
  const chosen =
    settings?.responseLanguage && settings.responseLanguage !== 'auto'
      ? settings.responseLanguage
      : (task.context.language ?? task.contact?.language);
  const language = templateLanguageFor(chosen, settings?.language ?? 'en');
  const values = templateValues(task);
  const responses = Object.fromEntries(
    kinds.map((kind) => [kind, fillTemplate(templateForDraft(task, language, kind).content, values)]),
  );
  return saveTaskResponses(ctx, userId, taskId, { responses });
}
