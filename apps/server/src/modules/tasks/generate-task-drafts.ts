import {
  fillTemplate,
  findTemplate,
  generateTaskDraftsInputSchema,
  templateLanguageFor,
  templateValues,
  templatesFor,
  type DraftKind,
  type KnowledgeSource,
  type ReplyTemplate,
  type Task,
  type TemplateLanguage,
} from '@doppel/contracts';
import { eq, userSettings } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { detectLanguage } from '../engine/detect-language';
import { taskSearchText } from '../engine/draft-prompt';
import { offlineDraftInVoice, type Voice } from '../engine/persona-voice';
import { groundIn } from '../knowledge/ground';
import { sentences } from '../knowledge/text-analysis';
import { getTwinVoice } from '../personas/persona-queries';
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
 * The language a draft is written in: a fixed response language setting wins; 'auto' answers
 * in the language the analysis found, else the contact's, else the interface language.
 */
export async function draftLanguage(ctx: AppContext, userId: string, task: Task): Promise<TemplateLanguage> {
  const [settings] = await ctx.db
    .select({ language: userSettings.language, responseLanguage: userSettings.responseLanguage })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  const chosen =
    settings?.responseLanguage && settings.responseLanguage !== 'auto'
      ? settings.responseLanguage
      : (task.context.language ?? task.contact?.language);
  return templateLanguageFor(chosen, settings?.language ?? 'en');
}

/**
 * The offline engine's draft of one kind: the matching template filled from the task, with a
 * line of the user's knowledge when one fits, then written in the voice of the user's persona.
 */
export function offlineDraft(
  task: Task,
  language: TemplateLanguage,
  kind: DraftKind,
  voice: Voice | null,
  sources: KnowledgeSource[] = [],
): string {
  const draft = withKnowledge(
    fillTemplate(templateForDraft(task, language, kind).content, templateValues(task)),
    sources,
    { kind, language },
  );
  return voice ? offlineDraftInVoice(draft, voice, { type: task.type, kind, language }) : draft;
}

/**
 * A detailed draft carries the first sentence of the best-matching passage of the user's
 * knowledge base, when written in the draft's language (the offline engine cannot translate).
 * It sits before the closing line, and the user reviews it like the rest before sending.
 */
function withKnowledge(
  draft: string,
  sources: KnowledgeSource[],
  input: { kind: DraftKind; language: TemplateLanguage },
): string {
  if (input.kind !== 'detailed') return draft;
  const sentence = sources
    .map((source) => sentences(source.snippet)[0])
    .find((candidate) => candidate && (detectLanguage(candidate) ?? input.language) === input.language);
  if (!sentence) return draft;
  const paragraphs = draft.split('\n\n');
  return paragraphs.length > 1
    ? [...paragraphs.slice(0, -1), sentence, paragraphs.at(-1)].join('\n\n')
    : `${draft}\n\n${sentence}`;
}

/**
 * Fills draft responses ("generate quick", "generate detailed" — spec §2 item 8) with the
 * offline engine and merges them into the task's responses. Model-written drafts stream
 * through stream-task-draft.ts instead.
 */
export async function generateTaskDrafts(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: { kinds: DraftKind[] },
): Promise<Task> {
  const { kinds } = generateTaskDraftsInputSchema.parse(input);
  const task = await getTask(ctx.db, userId, taskId);
  const [language, voice, grounding] = await Promise.all([
    draftLanguage(ctx, userId, task),
    getTwinVoice(ctx.db, userId),
    groundIn(ctx, userId, taskSearchText(task)),
  ]);
  const responses = Object.fromEntries(
    kinds.map((kind) => [kind, offlineDraft(task, language, kind, voice, grounding.sources)]),
  );
  const saved = await saveTaskResponses(
    ctx,
    userId,
    taskId,
    { responses },
    Object.fromEntries(kinds.map((kind) => [kind, grounding.sources])),
  );
  await grounding.recordUse(`task:${taskId}`);
  return saved;
}
