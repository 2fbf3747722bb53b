import {
  fillTemplate,
  findTemplate,
  generateTaskDraftsInputSchema,
  hasDraft,
  postDraftKinds,
  templateLanguageFor,
  templateValues,
  type DraftKind,
  type KnowledgeSource,
  type ReplyTemplate,
  type Task,
  type TemplateLanguage,
} from '@doppel/contracts';
import { eq, userSettings } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { taskSearchText } from '../engine/draft-prompt';
import { proactiveDraftTemplate } from '../engine/proactive-drafts';
import { inLanguage, offlineDraftInVoice, type Voice } from '../engine/persona-voice';
import { groundIn } from '../knowledge/ground';
import { sentences } from '../knowledge/text-analysis';
import { getTwinVoice } from '../personas/persona-queries';
import { saveTaskResponses } from './task-commands';
import { getTask } from './task-queries';

const NO_DRAFT_FOR_HIGH_CONCEPT_ANALYSIS =
  'A High Concept Analysis has no message to draft; review its proposal on the Personas page.';

/**
 * Refuses to draft a task that has nothing to draft (a High Concept Analysis, whose result is a
 * persona proposal): every way of drafting — the drafts route, the streamed draft and the
 * agent's /draft — checks it before anything is written.
 */
export function assertDraftable(task: Pick<Task, 'type'>): void {
  if (!hasDraft(task.type)) throw new AppError('conflict', NO_DRAFT_FOR_HIGH_CONCEPT_ANALYSIS);
}

/**
 * The template a draft kind uses: for posts, the post kind postDraftKinds fixes for it (the same
 * in every language: LinkedIn quick = insight, detailed = story; Reddit post quick = question,
 * detailed = discussion; Reddit comment quick = supportive, detailed = expert); for messages,
 * the kind itself.
 */
function templateForDraft(task: Task, language: TemplateLanguage, kind: DraftKind): ReplyTemplate {
  const templateKind =
    task.type === 'linkedin_post' || task.type === 'reddit_post' || task.type === 'reddit_comment'
      ? postDraftKinds[task.type][kind]
      : kind;
  const template = findTemplate(task.type, language, templateKind);
  if (!template) throw new Error(`No ${templateKind} template for ${task.type} in ${language}`);
  return template;
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
  assertDraftable(task);
  const draft = withKnowledge(
    fillTemplate(
      proactiveDraftTemplate(task, language, kind) ?? templateForDraft(task, language, kind).content,
      templateValues(task),
    ),
    sources,
    { kind, language },
  );
  return voice ? offlineDraftInVoice(draft, voice, { type: task.type, kind, language }) : draft;
}

/**
 * A detailed draft carries the first sentence of the best-matching passage of the user's
 * knowledge base, when written in the draft's language (the offline engine cannot translate; a
 * sentence whose language cannot be told is left out). It sits before the closing line, and the
 * user reviews it like the rest before sending.
 */
function withKnowledge(
  draft: string,
  sources: KnowledgeSource[],
  input: { kind: DraftKind; language: TemplateLanguage },
): string {
  if (input.kind !== 'detailed') return draft;
  const firstSentences = sources.flatMap((source) => sentences(source.snippet).slice(0, 1));
  const sentence = inLanguage(firstSentences, input.language);
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
  assertDraftable(task);
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
