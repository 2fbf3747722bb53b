import {
  fillTemplate,
  findTemplate,
  isPostTask,
  postDraftKinds,
  templatesFor,
  templateValues,
  type DraftKind,
  type KnowledgeSource,
  type Task,
  type TemplateLanguage,
} from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { taskSearchText } from '../engine/draft-prompt';
import { offlineDraftInVoice, type Voice } from '../engine/persona-voice';
import { groundIn } from '../knowledge/ground';
import { getTwinVoice } from '../personas/persona-queries';
import { draftLanguage, offlineDraft } from '../tasks/generate-task-drafts';
import { saveTaskResponses } from '../tasks/task-commands';
import { getTask } from '../tasks/task-queries';

/*
 * The drafts a signal task starts with, by the offline engine (a model writes drafts when the
 * user asks in the composer). Posts and comments get one draft per post kind of spec §9
 * (LinkedIn: professional, story, insight; Reddit posts: discussion, showcase, question;
 * comments: supportive, expert, question), keyed by that kind. Messages a signal starts — a
 * congratulation on a job change, a note about news — get the engine's quick and detailed
 * drafts, which open a conversation rather than answer one (engine/proactive-drafts.ts).
 */

/** A post's draft of one post kind: the engine's quick/detailed draft where a kind is one. */
function postDraft(
  task: Task,
  language: TemplateLanguage,
  kind: string,
  voice: Voice | null,
  sources: KnowledgeSource[],
): string {
  if (task.type !== 'linkedin_post' && task.type !== 'reddit_post' && task.type !== 'reddit_comment') {
    throw new Error(`${task.type} is not a post`);
  }
  const mapped = postDraftKinds[task.type];
  if (kind === mapped.quick) return offlineDraft(task, language, 'quick', voice, sources);
  if (kind === mapped.detailed) return offlineDraft(task, language, 'detailed', voice, sources);
  const template = findTemplate(task.type, language, kind);
  if (!template) throw new Error(`No ${kind} template for ${task.type} in ${language}`);
  const draft = fillTemplate(template.content, templateValues(task));
  return voice ? offlineDraftInVoice(draft, voice, { type: task.type, kind: 'quick', language }) : draft;
}

/** Writes a new signal task's drafts and saves them as its responses. */
export async function draftSignalTask(ctx: AppContext, userId: string, taskId: string): Promise<Task> {
  const task = await getTask(ctx.db, userId, taskId);
  const [language, voice, grounding] = await Promise.all([
    draftLanguage(ctx, userId, task),
    getTwinVoice(ctx.db, userId),
    groundIn(ctx, userId, taskSearchText(task)),
  ]);
  let responses: Record<string, string>;
  let sources: Record<string, KnowledgeSource[]>;
  if (isPostTask(task.type)) {
    const kinds = templatesFor(task.type, language).map((template) => template.kind);
    responses = Object.fromEntries(
      kinds.map((kind) => [kind, postDraft(task, language, kind, voice, grounding.sources)]),
    );
    sources = Object.fromEntries(kinds.map((kind) => [kind, grounding.sources]));
  } else {
    const kinds: DraftKind[] = ['quick', 'detailed'];
    responses = Object.fromEntries(
      kinds.map((kind) => [kind, offlineDraft(task, language, kind, voice, grounding.sources)]),
    );
    sources = Object.fromEntries(kinds.map((kind) => [kind, grounding.sources]));
  }
  const saved = await saveTaskResponses(ctx, userId, taskId, { responses }, sources);
  await grounding.recordUse(`task:${taskId}`);
  return saved;
}
