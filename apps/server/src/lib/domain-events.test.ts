import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, jobs, sql } from '@doppel/db';
import type { DoppelApp } from '../app';
import { createTestApp, ManualClock, signedInUser } from '../test-support/test-app';
import type { DomainEvent } from './domain-events';

const clock = new ManualClock();
let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

/** A subscriber of this test alone: it records what reached it, and fails while told to. */
function listener() {
  const name = `test-${randomUUID()}`;
  const heard: Array<DomainEvent<'contact.replied'>> = [];
  let failuresLeft = 0;
  doppel.ctx.domainEvents.subscribe('contact.replied', name, async (actor, event) => {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('not now');
    }
    expect(actor.isDemo).toBe(false);
    heard.push(event);
  });
  return {
    name,
    heard,
    failNext: (times: number) => {
      failuresLeft = times;
    },
  };
}

const replied = (contactId: string): DomainEvent<'contact.replied'> => ({
  type: 'contact.replied',
  contactId,
  senderName: 'Ana',
  text: 'Hi',
  at: new Date().toISOString(),
});

const queuedFor = (name: string) =>
  doppel.ctx.db
    .select({ status: jobs.status })
    .from(jobs)
    .where(eq(jobs.kind, `event:contact.replied:${name}`));

describe('domain events', () => {
  it('reach every subscriber once the change commits, before the transaction call returns', async () => {
    const user = await signedInUser(doppel);
    const first = listener();
    const second = listener();
    const contactId = randomUUID();
    await doppel.ctx.domainEvents.transaction(async (tx) => {
      await doppel.ctx.domainEvents.publish(tx, user, replied(contactId));
      expect(first.heard).toEqual([]); // not before the commit
    });
    expect(first.heard.map((event) => event.contactId)).toEqual([contactId]);
    expect(second.heard.map((event) => event.contactId)).toEqual([contactId]);
    expect(await queuedFor(first.name)).toEqual([]);
  });

  it('are never sent when the change rolls back', async () => {
    const user = await signedInUser(doppel);
    const subscriber = listener();
    await expect(
      doppel.ctx.domainEvents.transaction(async (tx) => {
        await doppel.ctx.domainEvents.publish(tx, user, replied(randomUUID()));
        await tx.execute(sql`select 1`);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect(subscriber.heard).toEqual([]);
    expect(await queuedFor(subscriber.name)).toEqual([]);
  });

  it('stay in the outbox when a subscriber fails, and are delivered on a later attempt', async () => {
    const user = await signedInUser(doppel);
    const subscriber = listener();
    subscriber.failNext(1);
    const contactId = randomUUID();
    await doppel.ctx.domainEvents.transaction(async (tx) => {
      await doppel.ctx.domainEvents.publish(tx, user, replied(contactId));
    });
    expect(subscriber.heard).toEqual([]);
    expect(await queuedFor(subscriber.name)).toEqual([{ status: 'queued' }]);
    clock.advance(10_000); // past the first back-off
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect(subscriber.heard.map((event) => event.contactId)).toEqual([contactId]);
    expect(await queuedFor(subscriber.name)).toEqual([]);
  });
});
