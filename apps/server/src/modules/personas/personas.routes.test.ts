import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTemplate, Persona, PersonaList } from '@doppel/contracts';
import { communicationHistory, contacts } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { ManualClock, createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
const clock = new ManualClock(new Date('2026-06-01T10:00:00Z'));
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function create(user: User, fields: object) {
  const response = await call(user, 'POST', '/api/personas', fields);
  expect(response.statusCode).toBe(201);
  clock.advance(60_000);
  return response.json<Persona>();
}

describe('personas', () => {
  it('creates with defaults for what was not given, and names every invalid field', async () => {
    const user = await signedInUser(doppel);
    const persona = await create(user, {
      name: '  Maya Chen ',
      position: 'Founder',
      domainType: 'startup',
      expertiseAreas: ['Fintech', 'Go-to-market'],
    });
    expect(persona).toMatchObject({
      name: 'Maya Chen',
      position: 'Founder',
      domainType: 'startup',
      status: 'active',
      expertiseAreas: ['Fintech', 'Go-to-market'],
      coreValues: [],
      brandPersonality: {},
      brandTestPlan: {},
      isTwinVoice: true,
      isSample: false,
    });
    expect(persona.ownerEmail).toMatch(/@/);

    const invalid = await call(user, 'POST', '/api/personas', {
      name: ' ',
      domainType: 'galactic',
      expertiseAreas: 'Fintech',
      brandPersonality: ['bold'],
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual([
      'brandPersonality',
      'domainType',
      'expertiseAreas',
      'name',
    ]);
    expect(invalid.json().error.fields.name).toBe('nameRequired');
    const unknown = await call(user, 'POST', '/api/personas', { name: 'X', favouriteColour: 'red' });
    expect(unknown.statusCode).toBe(400);
    const list = (await call(user, 'GET', '/api/personas')).json<PersonaList>();
    expect(list.items.map((item) => item.name)).toEqual(['Maya Chen']);
  });

  it('lists newest first; the first created is the twin’s voice until another is chosen', async () => {
    const user = await signedInUser(doppel);
    const first = await create(user, { name: 'First' });
    const second = await create(user, { name: 'Second' });
    let list = (await call(user, 'GET', '/api/personas')).json<PersonaList>().items;
    expect(list.map((item) => [item.name, item.isTwinVoice])).toEqual([
      ['Second', false],
      ['First', true],
    ]);
    const chosen = await call(user, 'POST', `/api/personas/${second.id}/twin-voice`);
    expect(chosen.json<Persona>().isTwinVoice).toBe(true);
    list = (await call(user, 'GET', '/api/personas')).json<PersonaList>().items;
    expect(list.map((item) => item.isTwinVoice)).toEqual([true, false]);
    // Deleting the voice hands it back to the oldest persona.
    expect((await call(user, 'DELETE', `/api/personas/${second.id}`)).json()).toEqual({ ok: true });
    expect((await call(user, 'GET', `/api/personas/${first.id}`)).json<Persona>().isTwinVoice).toBe(true);
  });

  it('updates lists and maps, stamps updated_at, and writes nothing when a field is unknown', async () => {
    const user = await signedInUser(doppel);
    const persona = await create(user, { name: 'Maya' });
    const update = {
      expertiseAreas: ['Payments', 'Hiring'],
      highConceptKeyMessages: ['Money should move like messages'],
      highConceptContentStrategy: { LinkedIn: 'Two posts a week', Newsletter: 'Monthly' },
      brandTaglines: ['Pay like you text'],
      brandPersonality: { tone: 'Warm', energy: 'High' },
      brandTestPlan: { 'Headline test': { hypothesis: 'Short wins', metric: 'CTR' } },
      brandSlogan: 'Move money, not paperwork',
    };
    const response = await call(user, 'PATCH', `/api/personas/${persona.id}`, update);
    expect(response.statusCode).toBe(200);
    const updated = response.json<Persona>();
    expect(updated).toMatchObject(update);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(persona.updatedAt));

    const rejected = await call(user, 'PATCH', `/api/personas/${persona.id}`, {
      brandSlogan: 'Changed',
      ownerEmail: 'someone@else.test',
      isSample: true,
    });
    expect(rejected.statusCode).toBe(400);
    const stored = (await call(user, 'GET', `/api/personas/${persona.id}`)).json<Persona>();
    expect(stored.brandSlogan).toBe('Move money, not paperwork');
    expect(stored.isSample).toBe(false);

    const badMap = await call(user, 'PATCH', `/api/personas/${persona.id}`, { brandTestPlan: { A: 'flat' } });
    expect(badMap.statusCode).toBe(400);
    // The field path names the entry that is wrong.
    expect(Object.keys(badMap.json().error.fields)).toEqual(['brandTestPlan.A']);
  });

  it("keeps another user's persona invisible", async () => {
    const owner = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const persona = await create(owner, { name: 'Private' });
    expect((await call(other, 'GET', `/api/personas/${persona.id}`)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/api/personas/${persona.id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call(other, 'DELETE', `/api/personas/${persona.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/personas/${persona.id}/twin-voice`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/personas/${persona.id}/stats`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/personas/${persona.id}/templates`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/personas')).json<PersonaList>().items).toEqual([]);
    expect((await call(owner, 'GET', `/api/personas/${persona.id}`)).json<Persona>().name).toBe('Private');
  });

  it('counts each persona’s contacts and the messages exchanged with them', async () => {
    const user = await signedInUser(doppel);
    const maya = await create(user, { name: 'Maya' });
    const leo = await create(user, { name: 'Leo' });
    const rows = await doppel.ctx.db
      .insert(contacts)
      .values([
        { userId: user.userId, personaId: maya.id, name: 'Anna', language: 'de', source: 'email' },
        { userId: user.userId, personaId: maya.id, name: 'Ivan', language: 'ru', source: 'telegram' },
        { userId: user.userId, personaId: leo.id, name: 'Sara', language: 'en', source: 'slack' },
        { userId: user.userId, name: 'Nobody’s', language: 'en', source: 'email' },
      ])
      .returning({ id: contacts.id });
    const message = (contactId: string, direction: 'inbound' | 'outbound') => ({
      userId: user.userId,
      contactId,
      direction,
      channel: 'email' as const,
      text: 'Hi',
      deliveryStatus: direction === 'inbound' ? ('received' as const) : ('sent' as const),
    });
    await doppel.ctx.db
      .insert(communicationHistory)
      .values([
        message(rows[0]!.id, 'inbound'),
        message(rows[0]!.id, 'outbound'),
        message(rows[1]!.id, 'inbound'),
        message(rows[2]!.id, 'inbound'),
        message(rows[3]!.id, 'inbound'),
      ]);
    expect((await call(user, 'GET', `/api/personas/${maya.id}/stats`)).json()).toEqual({
      personaId: maya.id,
      contacts: 2,
      messages: 3,
    });
    expect((await call(user, 'GET', `/api/personas/${leo.id}/stats`)).json()).toEqual({
      personaId: leo.id,
      contacts: 1,
      messages: 1,
    });
  });
});

describe('message templates', () => {
  it('are created, listed, edited and deleted per persona', async () => {
    const user = await signedInUser(doppel);
    const persona = await create(user, { name: 'Maya' });
    const base = `/api/personas/${persona.id}/templates`;
    const created = await call(user, 'POST', base, {
      name: 'Intro',
      content: 'Hi {name}, I saw {company} is hiring. {message}',
      platform: 'telegram',
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<MessageTemplate>();
    expect(template).toMatchObject({
      name: 'Intro',
      platform: 'telegram',
      variables: [],
      personaId: persona.id,
    });

    const missing = await call(user, 'POST', base, { name: '', content: '', platform: 'fax' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ name: 'nameRequired', content: 'contentRequired' });
    expect(missing.json().error.fields).toHaveProperty('platform');

    const edited = await call(user, 'PATCH', `${base}/${template.id}`, {
      content: 'Hello {name}!',
      variables: ['tone'],
    });
    expect(edited.json<MessageTemplate>()).toMatchObject({ content: 'Hello {name}!', variables: ['tone'] });
    expect((await call(user, 'GET', base)).json<{ items: MessageTemplate[] }>().items).toHaveLength(1);

    const other = await signedInUser(doppel);
    expect((await call(other, 'PATCH', `${base}/${template.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `${base}/${template.id}`)).json()).toEqual({ ok: true });
    expect((await call(user, 'GET', base)).json<{ items: MessageTemplate[] }>().items).toEqual([]);
  });
});
