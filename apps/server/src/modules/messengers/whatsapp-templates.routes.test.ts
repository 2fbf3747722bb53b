import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessengerConnection, WhatsAppTemplateList } from '@doppel/contracts';
import type { DoppelApp } from '../../app';
import { startFakeTelegram, type FakeTelegram } from '../../test-support/fake-messengers/telegram';
import {
  startFakeWhatsApp,
  type FakeWhatsApp,
  type FakeWhatsAppTemplate,
} from '../../test-support/fake-messengers/whatsapp';
import { createTestApp, signedInUser } from '../../test-support/test-app';

type User = Awaited<ReturnType<typeof signedInUser>>;

const PHONE_ID = '1098765';
const ACCOUNT_ID = '2098765';
const TOKEN = 'EAAwhatsapp-template-token-0001';
const TELEGRAM_TOKEN = '123456:TEMPLATEStestTOKENabcdef';

const TEMPLATES: FakeWhatsAppTemplate[] = [
  {
    name: 'intro_offer',
    language: 'en_US',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'News for {{1}}', example: { header_text: ['Acme'] } },
      {
        type: 'BODY',
        text: 'Hi {{1}}, I saw {{2}} is growing. Shall we talk?',
        example: { body_text: [['Ann', 'Acme']] },
      },
    ],
  },
  {
    name: 'named_hello',
    language: 'de',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hallo {{first_name}}!' }],
  },
  {
    name: 'pending_offer',
    language: 'en_US',
    status: 'PENDING',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Soon {{1}}' }],
  },
  {
    name: 'rejected_offer',
    language: 'en_US',
    status: 'REJECTED',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Never {{1}}' }],
  },
];

let doppel: DoppelApp;
let whatsapp: FakeWhatsApp;
let telegram: FakeTelegram;

beforeAll(async () => {
  [whatsapp, telegram] = await Promise.all([startFakeWhatsApp(), startFakeTelegram()]);
  whatsapp.addNumber(PHONE_ID, TOKEN, { verifiedName: 'Acme', displayPhoneNumber: '+1 555 0100' });
  whatsapp.addBusinessAccount(ACCOUNT_ID, TOKEN, { phoneNumberIds: [PHONE_ID], templates: TEMPLATES });
  telegram.addBot(TELEGRAM_TOKEN, 'doppel_templates_bot');
  doppel = await createTestApp({
    config: {
      messengerApiUrls: {
        telegram: telegram.baseUrl,
        whatsapp: whatsapp.baseUrl,
        slack: 'http://127.0.0.1:1',
        discord: 'http://127.0.0.1:1',
      },
      messengerRetry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 100 },
    },
  });
});
afterAll(async () => {
  await doppel.app.close();
  await Promise.all([whatsapp.close(), telegram.close()]);
});

const call = (user: User, method: 'GET' | 'POST', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function connectWhatsApp(user: User, extra: Record<string, string> = {}) {
  const response = await call(user, 'POST', '/api/messengers', {
    platform: 'whatsapp',
    credentials: {
      phone_number_id: PHONE_ID,
      access_token: TOKEN,
      verify_token: 'verify-me-please-0001',
      app_secret: 'whatsapp-app-secret-0001',
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MessengerConnection>();
}

const templatesUrl = (id: string) => `/api/messengers/${id}/whatsapp-templates`;

describe('GET /api/messengers/:id/whatsapp-templates', () => {
  it('lists the business account’s approved templates with their texts and variables', async () => {
    const user = await signedInUser(doppel);
    const connection = await connectWhatsApp(user, { business_account_id: ACCOUNT_ID });
    // Not a secret: the card shows it as it is.
    expect(connection.credentialHints.business_account_id).toBe(ACCOUNT_ID);

    const response = await call(user, 'GET', templatesUrl(connection.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<WhatsAppTemplateList>()).toEqual({
      hasBusinessAccount: true,
      items: [
        {
          name: 'intro_offer',
          language: 'en_US',
          category: 'MARKETING',
          parameterFormat: 'positional',
          header: 'News for {{1}}',
          body: 'Hi {{1}}, I saw {{2}} is growing. Shall we talk?',
          footer: null,
          variables: [
            { component: 'header', key: '1', example: 'Acme' },
            { component: 'body', key: '1', example: 'Ann' },
            { component: 'body', key: '2', example: 'Acme' },
          ],
        },
        {
          name: 'named_hello',
          language: 'de',
          category: 'UTILITY',
          parameterFormat: 'named',
          header: null,
          body: 'Hallo {{first_name}}!',
          footer: null,
          variables: [{ component: 'body', key: 'first_name', example: null }],
        },
      ],
    });
    const listed = whatsapp.requests.filter((request) => request.path === `/${ACCOUNT_ID}/message_templates`);
    expect(listed.at(-1)).toMatchObject({ httpMethod: 'GET', token: TOKEN });
  });

  it('says the business account id is missing instead of asking WhatsApp without one', async () => {
    const user = await signedInUser(doppel);
    const connection = await connectWhatsApp(user);
    whatsapp.requests.length = 0;
    const response = await call(user, 'GET', templatesUrl(connection.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hasBusinessAccount: false, items: [] });
    expect(whatsapp.requests).toEqual([]);
  });

  it('answers an unknown connection, or another user’s, with 404', async () => {
    const user = await signedInUser(doppel);
    const unknown = await call(user, 'GET', templatesUrl('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');

    const owner = await signedInUser(doppel);
    const theirs = await connectWhatsApp(owner, { business_account_id: ACCOUNT_ID });
    const foreign = await call(user, 'GET', templatesUrl(theirs.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
  });

  it('refuses a connection of another platform with a code, and a malformed id with 400', async () => {
    const user = await signedInUser(doppel);
    const created = await call(user, 'POST', '/api/messengers', {
      platform: 'telegram',
      credentials: { bot_token: TELEGRAM_TOKEN },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await call(user, 'GET', templatesUrl(created.json<MessengerConnection>().id));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'whatsapp_connection_required' });

    const malformed = await call(user, 'GET', templatesUrl('not-a-uuid'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_failed');
  });

  it('passes on WhatsApp’s refusal as messenger_failed without the token', async () => {
    const user = await signedInUser(doppel);
    const connection = await connectWhatsApp(user, { business_account_id: ACCOUNT_ID });
    whatsapp.failNext(`/${ACCOUNT_ID}/message_templates`, 403, { message: '(#200) Permissions error' });
    const response = await call(user, 'GET', templatesUrl(connection.id));
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'messenger_failed',
      message: 'WhatsApp did not list the message templates: (#200) Permissions error',
    });
    expect(response.body).not.toContain(TOKEN);
  });

  it('needs a session', async () => {
    const response = await doppel.app.inject({
      method: 'GET',
      url: templatesUrl('00000000-0000-4000-8000-000000000000'),
    });
    expect(response.statusCode).toBe(401);
  });
});
