import { draftProvenanceSchema, type DraftProvenance } from '@doppel/contracts';
import { and, eq, sql, tasks, type DbOrTx } from '@doppel/db';

/*
 * "Why this draft" kept on the task (issue 20, decision 037): context.draftProvenance, per draft
 * kind. A generated draft replaces its kind's (a generated draft without one leaves its kind
 * without); a text the user saves over a generated draft keeps the generated text in it, so what
 * they later send is learned against what the twin wrote.
 */

/**
 * Records, in the transaction that saves the responses: for generated drafts, the provenance of
 * each kind; for the user's own save, the generated text each edited kind started from.
 */
export async function keepDraftProvenance(
  tx: DbOrTx,
  userId: string,
  taskId: string,
  responses: Record<string, string>,
  saved: { by: 'twin'; provenance: Record<string, DraftProvenance> } | { by: 'user' },
): Promise<void> {
  const where = and(eq(tasks.id, taskId), eq(tasks.userId, userId));
  const [current] = await tx
    .select({ responses: tasks.responses, context: tasks.context })
    .from(tasks)
    .where(where)
    .for('update');
  if (!current) return;
  const before = current.context.draftProvenance ?? {};
  const after: Record<string, DraftProvenance> = { ...before };
  for (const [kind, text] of Object.entries(responses)) {
    if (saved.by === 'twin') {
      const provenance = saved.provenance[kind];
      if (provenance) after[kind] = draftProvenanceSchema.parse(provenance);
      else delete after[kind];
      continue;
    }
    const provenance = before[kind];
    const previous = current.responses[kind];
    if (!provenance || provenance.generated !== undefined || previous === undefined || previous === text)
      continue;
    after[kind] = { ...provenance, generated: previous };
  }
  if (JSON.stringify(after) === JSON.stringify(before)) return;
  await tx
    .update(tasks)
    .set({
      context: sql`${tasks.context} || jsonb_build_object('draftProvenance', ${JSON.stringify(after)}::jsonb)`,
    })
    .where(where);
}
