import type { SemanticSearchStatus } from '@doppel/contracts';
import {
  aiModels,
  documentPassages,
  documents,
  eq,
  jobs,
  MAX_EMBEDDING_DIMENSIONS,
  sql,
  type DbOrTx,
} from '@doppel/db';
import type { AppContext } from '../../lib/context';
import type { JobHandler } from '../../lib/job-queue';
import { embedForUser, embeddingIdentity, resolveSearchModel, type SearchModel } from '../ai-models';

/*
 * Search by meaning's index (docs/decisions/040): every passage of a processed document gets a
 * vector from the user's search model, stored in passage_embeddings (packages/db
 * vector-storage.ts). One durable job per user does it, a batch of passages per request: it
 * asks which passages have no vector from the current model yet, so a job that was killed
 * half-way is simply run again (the queue's lease) and carries on where the committed batches
 * end, and a passage is never stored twice (its id is the key).
 */

export const EMBED_PASSAGES_JOB = 'knowledge.embed-passages';

/** Passages per embedding request: providers take up to 2,048 inputs, local servers far fewer well. */
const PASSAGES_PER_REQUEST = 32;
/**
 * Requests one run makes before it queues its own continuation: a user with 100,000 passages
 * must not hold the job kind's slot (and a lease) for the whole backfill while others wait.
 */
const REQUESTS_PER_RUN = 16;

export interface EmbedPassagesPayload {
  userId: string;
  /**
   * A continuation's starting point: the passage id the run before it ended at. Passages are
   * taken in id order, so a backfill never reads what it already did; a passage added meanwhile
   * with a smaller id is left to the job its document queued, which starts from the beginning.
   */
  after?: string;
}

/**
 * Queues the user's embedding job unless one is queued already (a running one picks up only
 * what was there when it asked; the queued one catches the rest). Nothing without pgvector.
 */
export async function queueEmbedding(ctx: AppContext, tx: DbOrTx, userId: string): Promise<void> {
  if (!ctx.vectorSearch) return;
  const waiting = await ctx.jobs.queued(tx, EMBED_PASSAGES_JOB, { userId });
  if (waiting.length === 0) await ctx.jobs.enqueue(tx, EMBED_PASSAGES_JOB, { userId });
}

/** Queues embedding for a user who has a search model (a document was processed). */
export async function queueEmbeddingIfSearching(ctx: AppContext, tx: DbOrTx, userId: string): Promise<void> {
  if (!ctx.vectorSearch) return;
  const [model] = await tx
    .select({ id: aiModels.id })
    .from(aiModels)
    .where(sql`${aiModels.userId} = ${userId} and ${aiModels.useFor} = 'search'`);
  if (model) await queueEmbedding(ctx, tx, userId);
}

/** A document's text was read again: its passages' vectors describe the old text. */
export async function forgetDocumentVectors(ctx: AppContext, documentId: string): Promise<void> {
  if (!ctx.vectorSearch) return;
  await ctx.db.execute(sql`
    delete from passage_embeddings
    where passage_id in (select id from ${documentPassages} where document_id = ${documentId})`);
}

interface PendingPassage {
  id: string;
  text: string;
}

/**
 * Passages of the user's processed documents without a vector from this model, in id order
 * from `after` on: each batch reads on from where the last one ended, not from the start.
 */
async function pendingPassages(
  ctx: AppContext,
  userId: string,
  model: SearchModel,
  after: string | undefined,
): Promise<PendingPassage[]> {
  const { rows } = (await ctx.db.execute(sql`
    select p.id, p.text
    from ${documentPassages} p
    join ${documents} d on d.id = p.document_id and d.status = 'processed'
    where p.user_id = ${userId}
      ${after ? sql`and p.id > ${after}` : sql``}
      and not exists (
        select 1 from passage_embeddings e where e.passage_id = p.id and e.model = ${model.key}
      )
    order by p.id
    limit ${PASSAGES_PER_REQUEST}`)) as { rows: PendingPassage[] };
  return rows;
}

/** pgvector's text form of a vector. */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}

/** A provider's answer must be one finite vector per passage, all of one usable width. */
function usableVectors(vectors: number[][], count: number): boolean {
  const width = vectors[0]?.length ?? 0;
  return (
    vectors.length === count &&
    width > 0 &&
    width <= MAX_EMBEDDING_DIMENSIONS &&
    vectors.every((vector) => vector.length === width && vector.every(Number.isFinite))
  );
}

export class UnusableEmbeddingsError extends Error {
  constructor(model: string) {
    super(`the search model ${model} answered without one usable vector per passage`);
  }
}

async function storeVectors(
  ctx: AppContext,
  userId: string,
  model: SearchModel,
  passages: PendingPassage[],
  vectors: number[][],
): Promise<void> {
  const dimensions = vectors[0]!.length;
  // A document deleted meanwhile took its passages along: the join keeps only those still there.
  await ctx.db.execute(sql`
    insert into passage_embeddings (passage_id, user_id, model, dimensions, embedding)
    select v.passage_id, ${userId}, ${model.key}, ${dimensions}, v.embedding::halfvec
    from unnest(${sql.param(passages.map((passage) => passage.id))}::uuid[],
                ${sql.param(vectors.map(vectorLiteral))}::text[]) as v(passage_id, embedding)
    join ${documentPassages} p on p.id = v.passage_id
    on conflict (passage_id) do update
      set user_id = excluded.user_id, model = excluded.model,
          dimensions = excluded.dimensions, embedding = excluded.embedding`);
}

/**
 * One run of the user's embedding job: vectors of an earlier model are dropped, then up to
 * REQUESTS_PER_RUN batches of passages are embedded and stored; if passages remain, the next
 * run is queued. A user without a search model has no vectors kept.
 */
export async function embedPassages(ctx: AppContext, { userId, after }: EmbedPassagesPayload): Promise<void> {
  if (!ctx.vectorSearch) return;
  const model = await resolveSearchModel(ctx, userId);
  await ctx.db.execute(sql`
    delete from passage_embeddings where user_id = ${userId} and model <> ${model?.key ?? ''}`);
  if (!model) return;
  let cursor = after;
  for (let request = 0; request < REQUESTS_PER_RUN; request++) {
    const passages = await pendingPassages(ctx, userId, model, cursor);
    if (passages.length === 0) {
      // A backfill done: the planner learns how many vectors there are, or it keeps guessing
      // from an empty table and sorts them all instead of reading the HNSW index.
      if (request > 0 || after) await ctx.db.execute(sql`analyze passage_embeddings`);
      return;
    }
    cursor = passages.at(-1)!.id;
    const vectors = await embedForUser(
      ctx,
      userId,
      model,
      passages.map((passage) => passage.text),
    );
    if (!usableVectors(vectors, passages.length)) throw new UnusableEmbeddingsError(model.config.model);
    await storeVectors(ctx, userId, model, passages, vectors);
  }
  // More to do: the next run carries on after the last passage stored.
  await ctx.db.transaction(async (tx) => {
    const waiting = await ctx.jobs.queued(tx, EMBED_PASSAGES_JOB, { userId });
    if (waiting.length === 0) await ctx.jobs.enqueue(tx, EMBED_PASSAGES_JOB, { userId, after: cursor });
  });
}

export function embedPassagesJob(ctx: AppContext): JobHandler<EmbedPassagesPayload> {
  return {
    kind: EMBED_PASSAGES_JOB,
    // A provider that is down is tried again; after that the Knowledge page says indexing
    // stopped, and Resume (or the hourly sweep) starts it again.
    maxAttempts: 3,
    concurrency: 2,
    run: (payload) => embedPassages(ctx, payload),
  };
}

/**
 * The hourly sweep: every user with a search model gets their job queued, so passages added
 * while indexing had stopped (a provider down, pgvector installed later) are indexed in time.
 * A job with nothing to do asks one question and ends.
 */
export async function sweepEmbeddings(ctx: AppContext): Promise<void> {
  if (!ctx.vectorSearch) return;
  const users = await ctx.db
    .selectDistinct({ userId: aiModels.userId })
    .from(aiModels)
    .where(eq(aiModels.useFor, 'search'));
  for (const { userId } of users) await ctx.db.transaction((tx) => queueEmbedding(ctx, tx, userId));
}

/** What the Knowledge page says about search by meaning. */
export async function semanticSearchStatus(ctx: AppContext, userId: string): Promise<SemanticSearchStatus> {
  // Only what the state needs: never the model's stored key.
  const [model] = await ctx.db
    .select({
      name: aiModels.name,
      provider: aiModels.provider,
      baseUrl: aiModels.baseUrl,
      modelId: aiModels.modelId,
    })
    .from(aiModels)
    .where(sql`${aiModels.userId} = ${userId} and ${aiModels.useFor} = 'search'`);
  const modelName = model?.name ?? null;
  if (!ctx.vectorSearch) return { state: 'unavailable', modelName, passages: 0, indexed: 0 };
  const { rows } = (await ctx.db.execute(sql`
    select
      (select count(*) from ${documentPassages} p
        join ${documents} d on d.id = p.document_id and d.status = 'processed'
        where p.user_id = ${userId})::int as passages,
      (select count(*) from passage_embeddings e
        where e.user_id = ${userId} and e.model = ${model ? embeddingIdentity(model) : ''})::int as indexed,
      (select count(*) from ${jobs} j
        where j.kind = ${EMBED_PASSAGES_JOB} and j.payload->>'userId' = ${userId}
          and j.status in ('queued', 'running'))::int as jobs`)) as {
    rows: Array<{ passages: number; indexed: number; jobs: number }>;
  };
  const { passages, indexed, jobs: waiting } = rows[0]!;
  if (!model) return { state: 'no_model', modelName, passages, indexed: 0 };
  const state = indexed >= passages ? 'ready' : waiting > 0 ? 'indexing' : 'stalled';
  return { state, modelName, passages, indexed };
}

/** "Resume": indexing that stopped on an error starts again. */
export async function resumeIndexing(ctx: AppContext, userId: string): Promise<SemanticSearchStatus> {
  await ctx.db.transaction((tx) => queueEmbedding(ctx, tx, userId));
  return semanticSearchStatus(ctx, userId);
}
