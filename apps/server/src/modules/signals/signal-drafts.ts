import { isPostTask, type KnowledgeSource, type Task } from '@doppel/contracts';
import { loadActor } from '../../lib/actor';
import type { AppContext } from '../../lib/context';
import { writeOfflineDrafts, writePostSuggestions } from '../drafting';
import { draftRequestForTask, getTask, saveTaskResponses } from '../tasks';

/*
 * The drafts a signal task starts with. Posts and comments get their suggestions from the
 * user's model when one is configured (one structured answer, decision 036), else from the
 * offline engine; messages get the offline engine's (a model writes them when the user asks in
 * the composer). Posts and comments get one draft per post kind
 * (LinkedIn: professional, story, insight; Reddit posts: discussion, showcase, question;
 * comments: supportive, expert, question), keyed by that kind. Messages a signal starts — a
 * congratulation on a job change, a note about news — get the engine's quick and detailed
 * drafts, which open a conversation rather than answer one (drafting's proactive openers).
 */

/** Writes a new signal task's drafts and saves them as its responses. */
export async function draftSignalTask(ctx: AppContext, userId: string, taskId: string): Promise<Task> {
  const [task, actor] = await Promise.all([getTask(ctx.db, userId, taskId), loadActor(ctx.db, userId)]);
  const brief = draftRequestForTask(task, actor);
  const suggestions = isPostTask(task.type) ? await writePostSuggestions(ctx, brief) : null;
  const drafts = suggestions ?? (await writeOfflineDrafts(ctx, brief, ['quick', 'detailed']));
  const sources: Record<string, KnowledgeSource[]> = Object.fromEntries(
    Object.keys(drafts.texts).map((kind) => [kind, drafts.sources]),
  );
  // A post's suggestions say when they are the offline engine's because the model's answer failed.
  const saved = await saveTaskResponses(ctx, userId, taskId, { responses: drafts.texts }, sources, {
    ...(suggestions ? { draftsFallback: suggestions.fallback } : {}),
    draftProvenance: drafts.provenance,
  });
  await drafts.recordUse();
  return saved;
}
