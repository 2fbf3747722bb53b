import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const create = (user: User, payload: object) =>
  doppel.app.inject({
    method: 'POST',
    url: '/api/tasks',
    payload,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });

describe('a new task is analysed', () => {
  it('fills summary, recommendation, opportunity, approach and language from the message', async () => {
    const user = await signedInUser(doppel);
    const [contact] = await doppel.ctx.db
      .insert(contacts)
      .values({ userId: user.userId, name: 'Anna', language: 'en', source: 'whatsapp' })
      .returning();
    const response = await create(user, {
      title: 'Reply to Anna',
      type: 'message_reply',
      contactId: contact!.id,
      context: {
        triggerType: 'message',
        lastMessage: 'Could we start the pilot tomorrow?',
        lastMessageOriginal: 'Könnten wir den Pilot morgen starten?',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().context).toEqual({
      triggerType: 'message',
      lastMessage: 'Could we start the pilot tomorrow?',
      lastMessageOriginal: 'Könnten wir den Pilot morgen starten?',
      summary: 'Anna writes: “Könnten wir den Pilot morgen starten?”',
      recommendation: 'URGENT: answer within 24H — paid pilot',
      recommendationKind: 'urgent',
      language: 'de',
      analyzedBy: 'offline',
      analysisData: {
        opportunityType: 'Paid pilot',
        recommendedApproach: 'Confirm the scope and the start date, and offer two call slots',
      },
    });
  });

  it('keeps what the source already found, and leaves a plain to-do alone', async () => {
    const user = await signedInUser(doppel);
    const given = await create(user, {
      title: 'Answer',
      type: 'message_reply',
      context: { lastMessage: 'Any update on the contract?', summary: 'Asked twice already', language: 'en' },
    });
    expect(given.json().context).toMatchObject({
      summary: 'Asked twice already',
      recommendation: 'OPPORTUNITY: sale — propose a next step',
      language: 'en',
    });

    const todo = await create(user, {
      title: 'Prepare the Q4 deck',
      type: 'high_concept_analysis',
      description: 'urgent',
    });
    expect(todo.json().context).toEqual({});
  });
});
