import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContactBookPage,
  ContactDetail,
  ContactTimelinePage,
  MessengerConnection,
  Persona,
  Task,
  TaskPage,
} from '@doppel/contracts';
import { communicationHistory, contacts, eq, tasks } from '@doppel/db';
import { buildApp, type DoppelApp } from '../../app';
import {
  startFakeTelegram,
  textUpdate,
  type FakeTelegram,
} from '../../test-support/fake-messengers/telegram';
import { signedInUser, testConfig, testDatabase } from '../../test-support/test-app';

type User = Awaited<ReturnType<typeof signedInUser>>;

const TELEGRAM_TOKEN = '123456:CONTACTBOOKsecretpartABCDEF';

let doppel: DoppelApp;
let telegram: FakeTelegram;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  telegram.addBot(TELEGRAM_TOKEN, 'doppel_contacts_bot');
  const config = testConfig();
  doppel = await buildApp({
    config: testConfig({ messengerApiUrls: { ...config.messengerApiUrls, telegram: telegram.baseUrl } }),
    database: await testDatabase(),
  });
  await doppel.app.ready();
});
afterAll(async () => {
  await doppel.app.close();
  await telegram.close();
});

const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function addContact(
  user: User,
  row: { name: string; company?: string; source?: 'email' | 'telegram'; handle?: string },
) {
  const [created] = await doppel.ctx.db
    .insert(contacts)
    .values({
      userId: user.userId,
      name: row.name,
      company: row.company ?? null,
      source: row.source ?? 'email',
      handle: row.handle ?? null,
      language: 'en',
    })
    .returning({ id: contacts.id });
  return created!.id;
}

async function addMessage(user: User, contactId: string, text: string, at: string, direction = 'inbound') {
  await doppel.ctx.db.insert(communicationHistory).values({
    userId: user.userId,
    contactId,
    direction: direction as 'inbound' | 'outbound',
    channel: 'email',
    text,
    occurredAt: new Date(at),
    deliveryStatus: direction === 'inbound' ? 'received' : 'sent',
  });
}

async function addTask(user: User, contactId: string, title: string) {
  const response = await call(user, 'POST', '/api/tasks', { title, type: 'message_reply', contactId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Task>();
}

async function createPersona(user: User, name: string) {
  const response = await call(user, 'POST', '/api/personas', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Persona>();
}

async function connectTelegram(user: User) {
  const response = await call(user, 'POST', '/api/messengers', {
    platform: 'telegram',
    credentials: { bot_token: TELEGRAM_TOKEN },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MessengerConnection>();
}

/** A Telegram user writes to the user's bot (the webhook, then the queued job). */
async function telegramMessage(user: User, connection: MessengerConnection, chatId: number, text: string) {
  const answer = await doppel.app.inject({
    method: 'POST',
    url: `/webhooks/telegram/${connection.id}`,
    payload: JSON.stringify(
      textUpdate({ updateId: chatId * 10 + text.length, chatId, text, firstName: 'Lena' }),
    ),
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': telegram.webhookOf(TELEGRAM_TOKEN)!.secretToken!,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  await doppel.ctx.jobs.runDue({ userId: user.userId });
}

const page = async (user: User, query = '') => {
  const response = await call(user, 'GET', `/api/contacts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContactBookPage>();
};
const detail = async (user: User, id: string) => {
  const response = await call(user, 'GET', `/api/contacts/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContactDetail>();
};

describe('the Contacts list', () => {
  it('pages alphabetically by cursor with the total on the first page, and shows each contact’s figures', async () => {
    const user = await signedInUser(doppel);
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    const ids = new Map<string, string>();
    for (const name of names) ids.set(name, await addContact(user, { name }));
    await addMessage(user, ids.get('Bravo')!, 'first', '2026-11-01T10:00:00Z');
    await addMessage(user, ids.get('Bravo')!, 'latest', '2026-11-20T09:30:00Z', 'outbound');
    await addTask(user, ids.get('Bravo')!, 'Answer Bravo');
    const done = await addTask(user, ids.get('Bravo')!, 'Old Bravo task');
    await doppel.ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, done.id));

    const first = await page(user, '?limit=2');
    expect(first.items.map((item) => item.name)).toEqual(['Alpha', 'Bravo']);
    expect(first).toMatchObject({ total: 5, totalCapped: false });
    expect(first.items[1]).toMatchObject({
      lastContactAt: '2026-11-20T09:30:00.000Z',
      openTasks: 1,
      channels: [{ source: 'email', handle: null }],
      persona: null,
    });
    const second = await page(user, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.name)).toEqual(['charlie', 'delta']);
    expect(second.total).toBeNull();
    const third = await page(user, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((item) => item.name)).toEqual(['echo']);
    expect(third.nextCursor).toBeNull();
  });

  it('searches name and company, with the total of the matches', async () => {
    const user = await signedInUser(doppel);
    await addContact(user, { name: 'Anna Schneider', company: 'Nordlicht Ventures' });
    await addContact(user, { name: 'Bruno Costa', company: 'NORDLICHT labs' });
    await addContact(user, { name: 'Claire Dubois' });
    const found = await page(user, '?q=nordlicht');
    expect(found.items.map((item) => item.name)).toEqual(['Anna Schneider', 'Bruno Costa']);
    expect(found.total).toBe(2);
  });

  it('counts up to 1,000 and then says there are more', async () => {
    const user = await signedInUser(doppel);
    await doppel.ctx.db.insert(contacts).values(
      Array.from({ length: 1002 }, (_, n) => ({ userId: user.userId, name: `Lead ${n}`, source: 'email' as const })),
    );
    expect(await page(user, '?limit=1')).toMatchObject({ total: 1000, totalCapped: true });
    expect(await page(user, '?q=lead%20100')).toMatchObject({ total: 3, totalCapped: false });
  });

  it('refuses a cursor it did not give out, and never shows another user’s contacts', async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    await addContact(stranger, { name: 'Aaron Stranger' });
    expect((await page(user)).items).toEqual([]);
    for (const cursor of [
      'garbage',
      Buffer.from('["a","not-a-uuid"]').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
    ]) {
      const response = await call(user, 'GET', `/api/contacts?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.reason).toBe('list_cursor_invalid');
    }
  });
});

describe('a contact’s page', () => {
  it('shows the whole conversation newest first, paged by cursor, and the contact’s tasks', async () => {
    const user = await signedInUser(doppel);
    const id = await addContact(user, { name: 'Lena Vogel' });
    for (let day = 1; day <= 5; day += 1) {
      await addMessage(
        user,
        id,
        `message ${day}`,
        `2026-11-0${day}T08:00:00Z`,
        day % 2 ? 'inbound' : 'outbound',
      );
    }
    const task = await addTask(user, id, 'Reply to Lena');
    const first = await call(user, 'GET', `/api/contacts/${id}/messages?limit=2`);
    expect(first.statusCode).toBe(200);
    const one = first.json<ContactTimelinePage>();
    expect(one.items.map((item) => item.text)).toEqual(['message 5', 'message 4']);
    expect(one.items.map((item) => item.direction)).toEqual(['inbound', 'outbound']);
    const rest = (
      await call(user, 'GET', `/api/contacts/${id}/messages?limit=10&cursor=${one.nextCursor}`)
    ).json<ContactTimelinePage>();
    expect(rest.items.map((item) => item.text)).toEqual(['message 3', 'message 2', 'message 1']);
    expect(rest.nextCursor).toBeNull();

    const own = (await call(user, 'GET', `/api/tasks?contactId=${id}`)).json<TaskPage>();
    expect(own.items.map((item) => item.id)).toEqual([task.id]);
    expect(own.total).toBe(1);
    expect(await detail(user, id)).toMatchObject({ messageCount: 5, taskCount: 1, notes: '' });
  });

  it('edits name, company, language, notes and persona; refuses another user’s persona and bad input', async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const id = await addContact(user, { name: 'Mark' });
    const persona = await createPersona(user, 'Founder voice');
    const theirs = await createPersona(stranger, 'Not yours');
    const edited = await call(user, 'PATCH', `/api/contacts/${id}`, {
      name: 'Mark Thompson',
      company: 'Brightline',
      language: 'DE',
      notes: 'Met at Slush.',
      personaId: persona.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Mark Thompson',
      company: 'Brightline',
      language: 'de',
      notes: 'Met at Slush.',
      persona: { id: persona.id, name: 'Founder voice' },
    });
    const foreign = await call(user, 'PATCH', `/api/contacts/${id}`, { personaId: theirs.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.reason).toBe('persona_not_found');
    for (const body of [
      {},
      { name: '  ' },
      { language: 'english' },
      { notes: 'x'.repeat(5001) },
      { handle: 'x' },
    ]) {
      const response = await call(user, 'PATCH', `/api/contacts/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await detail(user, id)).toMatchObject({ name: 'Mark Thompson', persona: { id: persona.id } });
    const cleared = await call(user, 'PATCH', `/api/contacts/${id}`, { personaId: null });
    expect(cleared.json().persona).toBeNull();
    expect((await call(stranger, 'GET', `/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PATCH', `/api/contacts/${id}`, { name: 'Mine' })).statusCode).toBe(404);
  });

  it('deletes the contact with its conversation and keeps its tasks without a contact', async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const id = await addContact(user, { name: 'Gone Soon' });
    await addMessage(user, id, 'hello', '2026-11-02T08:00:00Z');
    const task = await addTask(user, id, 'Reply');
    expect((await call(stranger, 'DELETE', `/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/api/contacts/${id}`)).statusCode).toBe(200);
    expect((await call(user, 'GET', `/api/contacts/${id}`)).statusCode).toBe(404);
    const history = await doppel.ctx.db
      .select()
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, id));
    expect(history).toEqual([]);
    const kept = (await call(user, 'GET', `/api/tasks/${task.id}`)).json<Task>();
    expect(kept.contactId).toBeNull();
  });
});

describe('merging duplicates', () => {
  it('moves the conversation, tasks and channel, so the next message on the merged channel finds the contact', async () => {
    const user = await signedInUser(doppel);
    const connection = await connectTelegram(user);
    await telegramMessage(user, connection, 424242, 'Hi, this is Lena on Telegram');
    const [onTelegram] = (await page(user)).items;
    expect(onTelegram).toMatchObject({ source: 'telegram', handle: '424242' });
    const byEmail = await addContact(user, {
      name: 'Lena Vogel',
      handle: 'lena@example.com',
      company: 'Vogel AG',
    });
    await addMessage(user, byEmail, 'Lena by email', '2026-11-03T08:00:00Z');

    const merged = await call(user, 'POST', `/api/contacts/${onTelegram!.id}/merge`, {
      intoContactId: byEmail,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<ContactDetail>()).toMatchObject({
      id: byEmail,
      company: 'Vogel AG',
      channels: [
        { source: 'email', handle: 'lena@example.com' },
        { source: 'telegram', handle: '424242' },
      ],
      messageCount: 2,
    });
    expect((await call(user, 'GET', `/api/contacts/${onTelegram!.id}`)).statusCode).toBe(404);
    const taskPage = (await call(user, 'GET', `/api/tasks?contactId=${byEmail}`)).json<TaskPage>();
    expect(taskPage.total).toBe(1);

    await telegramMessage(user, connection, 424242, 'Lena again, still on Telegram');
    const after = await page(user);
    expect(after.items.map((item) => item.id)).toEqual([byEmail]);
    expect((await detail(user, byEmail)).messageCount).toBe(3);
  });

  it('refuses merging a contact into itself or into another user’s contact, changing nothing', async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const mine = await addContact(user, { name: 'Mine' });
    const theirs = await addContact(stranger, { name: 'Theirs' });
    const itself = await call(user, 'POST', `/api/contacts/${mine}/merge`, { intoContactId: mine });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.reason).toBe('contact_merge_into_itself');
    const foreign = await call(user, 'POST', `/api/contacts/${mine}/merge`, { intoContactId: theirs });
    expect(foreign.statusCode).toBe(404);
    const stolen = await call(user, 'POST', `/api/contacts/${theirs}/merge`, { intoContactId: mine });
    expect(stolen.statusCode).toBe(404);
    const invalid = await call(user, 'POST', `/api/contacts/${mine}/merge`, { intoContactId: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect((await detail(user, mine)).name).toBe('Mine');
    expect((await page(stranger)).items.map((item) => item.name)).toEqual(['Theirs']);
  });
});

describe('the persona that speaks to a contact', () => {
  it('is the twin’s persona from the contact’s first message, and the persona’s counts are real', async () => {
    const user = await signedInUser(doppel);
    const persona = await createPersona(user, 'The twin');
    const connection = await connectTelegram(user);
    await telegramMessage(user, connection, 515151, 'Hello from a new contact');
    await telegramMessage(user, connection, 515151, 'And a second message');
    const [contact] = (await page(user)).items;
    expect(contact!.persona).toEqual({ id: persona.id, name: 'The twin' });
    const stats = await call(user, 'GET', `/api/personas/${persona.id}/stats`);
    expect(stats.json()).toMatchObject({ contacts: 1, messages: 2 });
  });
});
