import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeDocument } from '@doppel/contracts';
import { and, documents, eq, jobs, openDatabase, sql, type Database } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, ManualClock, seedInstanceOwner, signedInUser } from '../../test-support/test-app';
import { DOCUMENTS_PER_RUN, REANALYSE_TOPICS_JOB, reanalyseTopics } from './reanalyse-topics';

/*
 * The backfill of key phrases for documents processed before them (docs/decisions/047), on a
 * database of its own. Migration 0024 queues its first run (its SQL is tested in packages/db);
 * here the job is queued with the same payload and run by the queue.
 */

const MINUTE = 60_000;

let database: Database;
let doppel: DoppelApp;
const clock = new ManualClock(new Date('2026-11-27T09:00:00Z'));

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite-memory' });
  await seedInstanceOwner(database);
  doppel = await createTestApp({ database, clock });
});

afterAll(async () => {
  await doppel.app.close();
  await database.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function thought(user: User, content: string, name?: string): Promise<KnowledgeDocument> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/documents/thoughts',
    payload: { content, ...(name ? { name } : {}) },
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(response.statusCode).toBe(201);
  return response.json<KnowledgeDocument>();
}

const PILOT_PRICING = [
  'Our pilots are always paid: four weeks for 5,000 EUR, credited against the annual plan.',
  'A pilot starts only with a named start date and one success metric agreed upfront.',
  'Never discount a pilot; offer a longer pilot instead when budget is tight.',
].join('\n\n');

/** A note on one subject, and a long one: past the size analysed in a worker thread. */
const note = (n: number) =>
  n === 0
    ? Array.from(
        { length: 300 },
        (_, k) => `Renewal call ${k}: the renewal call confirms the seat count and the invoice date.`,
      ).join('\n\n')
    : `Partner number ${n} resells the team plan. Each partner gets a partner discount of ${n} percent.`;

async function rows(userId: string) {
  return doppel.ctx.db
    .select({
      id: documents.id,
      keyTopics: documents.keyTopics,
      summary: documents.summary,
      updatedAt: documents.updatedAt,
    })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(documents.id);
}

/** What the release before key phrases stored: the most frequent words, stop words and all. */
async function makeOld(id: string, topics: string[], summary: string) {
  await doppel.ctx.db.update(documents).set({ keyTopics: topics, summary }).where(eq(documents.id, id));
}

const queuedBackfills = (userId: string) =>
  doppel.ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, REANALYSE_TOPICS_JOB), sql`${jobs.payload}->>'userId' = ${userId}`));

describe('re-analysing the key topics of existing documents', () => {
  it('gives old documents their key phrases once per database, in batches, and then stops', async () => {
    const user = await signedInUser(doppel);
    const sample = await thought(user, PILOT_PRICING, 'Pilot pricing rules');
    const others = [];
    for (let n = 0; n <= DOCUMENTS_PER_RUN; n++) others.push(await thought(user, note(n)));
    expect(sample.keyTopics).toContain('pilot pricing');
    const fresh = await rows(user.userId);
    expect(fresh).toHaveLength(DOCUMENTS_PER_RUN + 2);

    // The documents as the release before left them.
    await makeOld(sample.id, ['pilot', 'pilots', 'always', 'paid', 'weeks'], 'Our pilots are always paid.');
    for (const other of others) await makeOld(other.id, ['partner', 'within', 'number'], 'Old summary.');

    clock.advance(MINUTE);
    // What migration 0024 queues on the first start of this release.
    await doppel.ctx.db.transaction((tx) =>
      doppel.ctx.jobs.enqueue(tx, REANALYSE_TOPICS_JOB, {
        userId: user.userId,
        before: clock.now().toISOString(),
      }),
    );
    await doppel.ctx.jobs.runDue();

    // Each document has what processing it now gives it (two runs: more than a batch), and no
    // job is left.
    expect(await rows(user.userId)).toEqual(fresh);
    expect(await queuedBackfills(user.userId)).toEqual([]);
  });

  it('changes nothing when run again, and leaves documents written since it was queued alone', async () => {
    const user = await signedInUser(doppel);
    await thought(user, PILOT_PRICING, 'Pilot pricing rules');
    await thought(user, note(3));
    const before = clock.now().toISOString();
    const done = await rows(user.userId);

    // The whole backfill again: the same topics and summaries, not a row touched.
    await doppel.ctx.jobs.enqueue(doppel.ctx.db, REANALYSE_TOPICS_JOB, { userId: user.userId, before });
    expect(await doppel.ctx.jobs.runDue({ userId: user.userId })).toBe(1);
    expect(await rows(user.userId)).toEqual(done);

    // A document processed after the backfill was queued has its topics from processing (maybe
    // a model's): the backfill does not overwrite them.
    clock.advance(MINUTE);
    const later = await thought(user, 'Churn review: customers who skip onboarding churn twice as often.');
    await makeOld(later.id, ['churn review'], later.summary);
    await reanalyseTopics(doppel.ctx, { userId: user.userId, before });
    const [kept] = await doppel.ctx.db
      .select({ keyTopics: documents.keyTopics })
      .from(documents)
      .where(eq(documents.id, later.id));
    expect(kept!.keyTopics).toEqual(['churn review']);
  });

  it('keeps a summary a model wrote and gives its document new topics', async () => {
    const user = await signedInUser(doppel);
    const document = await thought(user, PILOT_PRICING, 'Pilot pricing rules');
    await doppel.ctx.db
      .update(documents)
      .set({
        keyTopics: ['pilot', 'pilots', 'always'],
        summary: 'Pilots are paid, four weeks.',
        summarizedBy: 'fake-model',
      })
      .where(eq(documents.id, document.id));
    clock.advance(MINUTE);
    await reanalyseTopics(doppel.ctx, { userId: user.userId, before: clock.now().toISOString() });
    const [row] = await doppel.ctx.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row!.keyTopics).toEqual(document.keyTopics);
    expect(row!.summary).toBe('Pilots are paid, four weeks.');
  });
});
