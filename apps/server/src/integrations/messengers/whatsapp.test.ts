import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  signWhatsApp,
  startFakeWhatsApp,
  whatsAppPayload,
  whatsAppTextPayload,
  type FakeWhatsApp,
  type FakeWhatsAppTemplate,
} from '../../test-support/fake-messengers/whatsapp';
import { MessengerError, type WebhookContext, type WebhookRequest } from './messenger-adapter';
import {
  createWhatsAppAdapter,
  splitWhatsAppText,
  WhatsAppGraphError,
  type WhatsAppAdapter,
} from './whatsapp';

const APP_SECRET = 'whatsapp-app-secret-0123456789';
const VERIFY_TOKEN = 'doppel-verify-token-abcdef';
const fast: RetryPolicy = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 3000 };

let fake: FakeWhatsApp;
let adapter: WhatsAppAdapter;
let serial = 0;
/** A fresh number per test, so sent messages never leak between tests. */
let phone = '';
let token = '';

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  adapter = createWhatsAppAdapter(fake.baseUrl, { retry: fast });
});
afterAll(() => fake.close());
beforeEach(() => {
  serial++;
  phone = String(106540352242900 + serial);
  token = `EAAGm0PX4ZCpsBA-valid-token-${serial}`;
  fake.addNumber(phone, token, { verifiedName: 'Doppel Test', displayPhoneNumber: '+1 555-010-0200' });
  fake.requests.length = 0;
});

const credentials = () => ({
  phone_number_id: phone,
  access_token: token,
  verify_token: VERIFY_TOKEN,
  app_secret: APP_SECRET,
});

async function failure(promise: Promise<unknown>): Promise<MessengerError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MessengerError);
  return error as MessengerError;
}

const context = (): WebhookContext => ({ credentials: credentials(), inboundSecretHash: null });
const NOW = new Date('2026-03-01T10:00:00Z');

function handshake(query: Record<string, string | undefined>): WebhookRequest {
  return { method: 'GET', headers: {}, query, rawBody: Buffer.alloc(0), now: NOW };
}

function post(body: unknown, signature?: string | null): WebhookRequest {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const header = signature === undefined ? signWhatsApp(APP_SECRET, raw) : signature;
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(header !== null ? { 'x-hub-signature-256': header } : {}),
    },
    query: {},
    rawBody: Buffer.from(raw),
    now: NOW,
  };
}

describe('WhatsApp adapter: Graph API calls', () => {
  it('verifies the credentials with a phone-number lookup and names the number', async () => {
    await expect(adapter.verify(credentials())).resolves.toEqual({
      username: 'Doppel Test (+1 555-010-0200)',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      httpMethod: 'GET',
      path: `/${phone}`,
      query: { fields: 'display_phone_number,verified_name' },
      token,
    });
  });

  it('refuses a bad access token with Graph’s message and never the token', async () => {
    const wrong = 'EAAGm0PX4ZCpsBA-forged-token-xyz';
    const error = await failure(adapter.verify({ ...credentials(), access_token: wrong }));
    expect(error.message).toBe('WhatsApp refused the credentials: Invalid OAuth access token.');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain('forged');
    expect(error.message).not.toContain(APP_SECRET);
  });

  it('refuses a phone number id the token cannot use', async () => {
    const error = await failure(adapter.verify({ ...credentials(), phone_number_id: '999999999' }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(
      /^WhatsApp refused the credentials: Unsupported get request\. Object with ID '999999999'/,
    );
    expect(error.message).not.toContain(token);
  });

  it('refuses a malformed phone number id without calling Graph', async () => {
    const error = await failure(adapter.verify({ ...credentials(), phone_number_id: '../me/accounts?x=' }));
    expect(error.message).toBe('The WhatsApp phone number id is malformed (expected digits).');
    expect(fake.requests).toHaveLength(0);
  });

  it('sends a text and returns the wamid', async () => {
    const result = await adapter.send(credentials(), '4915112345678', 'Hello there');
    const sent = fake.sent(phone);
    expect(sent).toHaveLength(1);
    expect(result).toEqual({ externalId: sent[0]!.id });
    expect(result.externalId).toMatch(/^wamid\./);
    expect(sent[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '4915112345678',
      type: 'text',
      text: { body: 'Hello there', preview_url: false },
    });
    expect(fake.requests[0]).toMatchObject({ httpMethod: 'POST', path: `/${phone}/messages`, token });
  });

  it('passes on a refused message with Graph’s message and status', async () => {
    const error = await failure(
      adapter.send({ ...credentials(), access_token: 'EAA-expired' }, '4915112345678', 'Hi'),
    );
    expect(error.status).toBe(401);
    expect(error.message).toBe('WhatsApp did not send the message: Invalid OAuth access token.');
    expect(error.message).not.toContain('EAA-expired');
    expect(fake.sent(phone)).toHaveLength(0);
  });

  it('waits as long as a 429’s Retry-After asks, then sends', async () => {
    fake.failNext(`/${phone}/messages`, 429, { retryAfter: 1 });
    const result = await adapter.send(credentials(), '4915112345678', 'Patience');
    expect(fake.requests).toHaveLength(2);
    const [refused, accepted] = fake.requests;
    const waited = accepted!.at - refused!.at;
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(2000);
    expect(fake.sent(phone).map((message) => message.body.text)).toEqual([
      { body: 'Patience', preview_url: false },
    ]);
    expect(result.externalId).toBe(fake.sent(phone)[0]!.id);
  });

  it('never sends again after a 5xx: the message may have gone out, and the error says so', async () => {
    fake.failNext(`/${phone}/messages`, 503);
    const error = await failure(adapter.send(credentials(), '4915112345678', 'Hi'));
    expect(error).toMatchObject({ status: 503, uncertain: true });
    expect(fake.requests).toHaveLength(1);
    expect(fake.sent(phone)).toHaveLength(0);
  });

  it('says it could not check (not that it refused) when the lookup keeps failing', async () => {
    const once = createWhatsAppAdapter(fake.baseUrl, {
      retry: { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 100 },
    });
    fake.failNext(`/${phone}`, 500);
    const error = await failure(once.verify(credentials()));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^WhatsApp could not check the credentials: /);
  });

  it('reports an unreachable Graph API as a MessengerError', async () => {
    const nowhere = createWhatsAppAdapter('http://127.0.0.1:1/v21.0', { retry: fast });
    const error = await failure(nowhere.verify(credentials()));
    expect(error.message).toBe('WhatsApp could not be reached (check the credentials).');
  });

  it('splits a text over 4096 characters into several messages and returns the first id', async () => {
    const paragraph = `${'word '.repeat(600).trim()}\n`;
    const text = paragraph.repeat(3) + 'x'.repeat(5000);
    const result = await adapter.send(credentials(), '4915112345678', text);
    const sent = fake.sent(phone);
    const bodies = sent.map((message) => (message.body.text as { body: string }).body);
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    expect(bodies.every((piece) => piece.length <= 4096)).toBe(true);
    expect(bodies.join('')).toBe(text);
    expect(bodies[0]!.endsWith('\n')).toBe(true);
    expect(sent.every((message) => message.to === '4915112345678')).toBe(true);
    expect(result).toEqual({ externalId: sent[0]!.id });
  });

  it('never cuts a surrogate pair in two', () => {
    const text = `${'a'.repeat(4095)}😀tail`;
    const pieces = splitWhatsAppText(text);
    expect(pieces[0]).toBe('a'.repeat(4095));
    expect(pieces.join('')).toBe(text);
  });

  it('offers no webhook registration and no pulling (Meta is configured in its console)', () => {
    expect('registerWebhook' in adapter).toBe(false);
    expect('fetchRecent' in adapter).toBe(false);
  });
});

describe('WhatsApp adapter: webhooks', () => {
  it('answers the subscription handshake with the challenge as plain text', () => {
    const outcome = adapter.readWebhook(
      context(),
      handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' }),
    );
    expect(outcome).toEqual({
      kind: 'handshake',
      status: 200,
      body: '1158201444',
      contentType: 'text/plain',
    });
  });

  it('refuses a handshake with a wrong verify token', () => {
    const outcome = adapter.readWebhook(
      context(),
      handshake({
        'hub.mode': 'subscribe',
        'hub.verify_token': `${VERIFY_TOKEN}x`,
        'hub.challenge': '1158201444',
      }),
    );
    expect(outcome).toMatchObject({ kind: 'refused', status: 403 });
    const missing = adapter.readWebhook(
      context(),
      handshake({ 'hub.mode': 'subscribe', 'hub.challenge': '1' }),
    );
    expect(missing).toMatchObject({ kind: 'refused', status: 403 });
  });

  it('refuses a handshake with another mode', () => {
    const outcome = adapter.readWebhook(
      context(),
      handshake({
        'hub.mode': 'unsubscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': '1158201444',
      }),
    );
    expect(outcome).toMatchObject({ kind: 'refused', status: 403 });
  });

  it('never matches an empty verify token', () => {
    const outcome = adapter.readWebhook(
      { credentials: { ...credentials(), verify_token: '' }, inboundSecretHash: null },
      handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' }),
    );
    expect(outcome).toMatchObject({ kind: 'refused', status: 403 });
  });

  it('reads a signed text message, naming the sender from contacts', () => {
    const payload = whatsAppTextPayload({
      phoneNumberId: phone,
      from: '4915112345678',
      text: 'Hi, are we still on for Friday?',
      id: 'wamid.HBgNNDkxNTExMjM0NTY3OBUCABIYFjNFQjA',
      name: 'Ann Lee',
      timestamp: 1772358000,
    });
    const outcome = adapter.readWebhook(context(), post(payload));
    expect(outcome).toEqual({
      kind: 'accepted',
      messages: [
        {
          eventId: 'wamid.HBgNNDkxNTExMjM0NTY3OBUCABIYFjNFQjA',
          handle: '4915112345678',
          senderName: 'Ann Lee',
          text: 'Hi, are we still on for Friday?',
          sentAt: new Date(1772358000 * 1000),
        },
      ],
    });
  });

  it('names the sender by number when contacts do not', () => {
    const payload = whatsAppTextPayload({
      phoneNumberId: phone,
      from: '4915112345678',
      text: 'Hello',
      name: null,
    });
    const outcome = adapter.readWebhook(context(), post(payload));
    expect(outcome.kind).toBe('accepted');
    expect(outcome.kind === 'accepted' && outcome.messages[0]?.senderName).toBe('4915112345678');
  });

  it('refuses a forged signature', () => {
    const payload = whatsAppTextPayload({ phoneNumberId: phone, from: '4915112345678', text: 'Hello' });
    const raw = JSON.stringify(payload);
    const forged = adapter.readWebhook(context(), post(raw, signWhatsApp('not-the-app-secret', raw)));
    expect(forged).toMatchObject({ kind: 'refused', status: 401 });
    // A signature of another body does not cover this one.
    const otherBody = adapter.readWebhook(context(), post(raw, signWhatsApp(APP_SECRET, `${raw} `)));
    expect(otherBody).toMatchObject({ kind: 'refused', status: 401 });
    const truncated = adapter.readWebhook(context(), post(raw, signWhatsApp(APP_SECRET, raw).slice(0, -2)));
    expect(truncated).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('refuses a body without a signature', () => {
    const payload = whatsAppTextPayload({ phoneNumberId: phone, from: '4915112345678', text: 'Hello' });
    expect(adapter.readWebhook(context(), post(payload, null))).toMatchObject({
      kind: 'refused',
      status: 401,
    });
  });

  it('refuses a signed body that is not a WhatsApp payload', () => {
    expect(adapter.readWebhook(context(), post('{"entry": [tru'))).toMatchObject({
      kind: 'refused',
      status: 400,
    });
    expect(adapter.readWebhook(context(), post({ object: 'whatsapp_business_account' }))).toMatchObject({
      kind: 'refused',
      status: 400,
    });
  });

  it('accepts a statuses-only payload with no messages', () => {
    const payload = whatsAppPayload(phone, {
      statuses: [
        {
          id: 'wamid.HBgNNDkxNTExMjM0NTY3OBUCABEYEjA',
          status: 'delivered',
          timestamp: '1772358000',
          recipient_id: '4915112345678',
        },
      ],
    });
    expect(adapter.readWebhook(context(), post(payload))).toEqual({ kind: 'accepted', messages: [] });
  });

  it('ignores messages that are not text, keeping the text ones', () => {
    const payload = whatsAppPayload(phone, {
      contacts: [{ profile: { name: 'Ann Lee' }, wa_id: '4915112345678' }],
      messages: [
        {
          from: '4915112345678',
          id: 'wamid.image',
          timestamp: '1772358000',
          type: 'image',
          image: { caption: 'look at this', mime_type: 'image/jpeg', sha256: 'abc', id: '1234' },
        },
        {
          from: '4915112345678',
          id: 'wamid.reaction',
          timestamp: '1772358000',
          type: 'reaction',
          reaction: { message_id: 'wamid.earlier', emoji: '👍' },
        },
        // A kind this adapter does not know, even one with a text body, is not taken for text.
        {
          from: '4915112345678',
          id: 'wamid.unknown',
          timestamp: '1772358000',
          type: 'unsupported',
          text: { body: 'not a text message' },
        },
        {
          from: '4915112345678',
          id: 'wamid.text',
          timestamp: '1772358001',
          type: 'text',
          text: { body: 'caption?' },
        },
      ],
    });
    const outcome = adapter.readWebhook(context(), post(payload));
    expect(outcome.kind === 'accepted' && outcome.messages.map((message) => message.eventId)).toEqual([
      'wamid.text',
    ]);
  });

  it('leaves alone messages another phone number of the app received', () => {
    const payload = whatsAppTextPayload({
      phoneNumberId: '555000111',
      from: '4915112345678',
      text: 'Not yours',
    });
    expect(adapter.readWebhook(context(), post(payload))).toEqual({ kind: 'accepted', messages: [] });
  });
});

/** Templates as Meta lists them: one of each kind the adapter must tell apart. */
function body(text: string, example?: Record<string, unknown>): Record<string, unknown> {
  return { type: 'BODY', text, ...(example ? { example } : {}) };
}

const INTRO: FakeWhatsAppTemplate = {
  name: 'intro_offer',
  language: 'en_US',
  status: 'APPROVED',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'News for {{1}}', example: { header_text: ['Acme'] } },
    body('Hi {{1}}, I saw {{2}} is growing. Shall we talk?', { body_text: [['Ann', 'Acme']] }),
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Yes' }] },
  ],
};
const NAMED: FakeWhatsAppTemplate = {
  name: 'named_hello',
  language: 'de',
  status: 'APPROVED',
  category: 'UTILITY',
  components: [
    body('Hallo {{first_name}} von {{company}}!', {
      body_text_named_params: [
        { param_name: 'first_name', example: 'Anna' },
        { param_name: 'company', example: 'Muster GmbH' },
      ],
    }),
  ],
};
const OTHERS: FakeWhatsAppTemplate[] = [
  { ...INTRO, name: 'pending_offer', status: 'PENDING' },
  { ...INTRO, name: 'rejected_offer', status: 'REJECTED' },
  {
    name: 'image_header',
    language: 'en_US',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [{ type: 'HEADER', format: 'IMAGE' }, body('Look at this, {{1}}')],
  },
  {
    name: 'login_code',
    language: 'en_US',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    components: [
      body('{{1}} is your code.'),
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
    ],
  },
];

/** A business account owning this test's number, with `filler` more approved templates before ours. */
function addAccount(filler = 0): string {
  const account = String(201540352242900 + serial);
  const padding = Array.from({ length: filler }, (_, index) => ({
    name: `filler_${String(index).padStart(3, '0')}`,
    language: 'en_US',
    status: 'APPROVED' as const,
    category: 'UTILITY' as const,
    components: [body('Plain text, no variables.')],
  }));
  fake.addBusinessAccount(account, token, {
    phoneNumberIds: [phone],
    templates: [...padding, OTHERS[0]!, INTRO, OTHERS[1]!, NAMED, ...OTHERS.slice(2)],
  });
  return account;
}

describe('WhatsApp adapter: message templates', () => {
  it('lists the approved templates over every page, with their texts and variables', async () => {
    const account = addAccount(230);
    const templates = await adapter.listTemplates({ ...credentials(), business_account_id: account });

    const pages = fake.requests.filter((request) => request.path === `/${account}/message_templates`);
    expect(pages).toHaveLength(3);
    expect(pages.map((request) => request.query.limit)).toEqual(['100', '100', '100']);
    expect(pages[0]!.query).toMatchObject({ fields: 'name,language,status,category,components' });
    expect(pages[0]!.query.after).toBeUndefined();
    expect(pages[1]!.query.after).toBeTruthy();
    expect(pages[2]!.query.after).not.toBe(pages[1]!.query.after);
    expect(pages.every((request) => request.token === token && request.httpMethod === 'GET')).toBe(true);

    // Pending, rejected, media-header and authentication templates are not offered.
    expect(templates).toHaveLength(232);
    const names = templates.map((template) => template.name);
    expect(names).not.toContain('pending_offer');
    expect(names).not.toContain('rejected_offer');
    expect(names).not.toContain('image_header');
    expect(names).not.toContain('login_code');
    expect(templates.find((template) => template.name === 'intro_offer')).toEqual({
      name: 'intro_offer',
      language: 'en_US',
      category: 'MARKETING',
      parameterFormat: 'positional',
      header: 'News for {{1}}',
      body: 'Hi {{1}}, I saw {{2}} is growing. Shall we talk?',
      footer: 'Reply STOP to opt out',
      variables: [
        { component: 'header', key: '1', example: 'Acme' },
        { component: 'body', key: '1', example: 'Ann' },
        { component: 'body', key: '2', example: 'Acme' },
      ],
    });
    expect(templates.find((template) => template.name === 'named_hello')).toMatchObject({
      parameterFormat: 'named',
      header: null,
      variables: [
        { component: 'body', key: 'first_name', example: 'Anna' },
        { component: 'body', key: 'company', example: 'Muster GmbH' },
      ],
    });
  });

  it('reads a single page when Graph gives no next page', async () => {
    const account = addAccount();
    const templates = await adapter.listTemplates({ ...credentials(), business_account_id: account });
    expect(templates.map((template) => template.name)).toEqual(['intro_offer', 'named_hello']);
    expect(fake.requests).toHaveLength(1);
  });

  it('needs the business account id, and refuses one the token cannot read without echoing the token', async () => {
    const missing = await failure(adapter.listTemplates(credentials()));
    expect(missing.message).toBe('The WhatsApp Business Account ID is missing.');
    const malformed = await failure(
      adapter.listTemplates({ ...credentials(), business_account_id: '12/../me' }),
    );
    expect(malformed.message).toBe('The WhatsApp Business Account ID is malformed (expected digits).');
    expect(fake.requests).toHaveLength(0);

    const refused = await failure(adapter.listTemplates({ ...credentials(), business_account_id: '777' }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^WhatsApp did not list the message templates: Unsupported get request/);
    expect(refused.message).not.toContain(token);
  });

  it('sends a positional template with its header and body parameters as Graph expects', async () => {
    addAccount();
    const result = await adapter.sendTemplate(credentials(), '4915112345678', {
      name: 'intro_offer',
      language: 'en_US',
      parameterFormat: 'positional',
      parameters: [
        { component: 'header', key: '1', text: 'Globex' },
        { component: 'body', key: '1', text: 'Hank' },
        { component: 'body', key: '2', text: 'Globex' },
      ],
    });
    const [sent] = fake.sent(phone);
    expect(result).toEqual({ externalId: sent!.id });
    expect(sent!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '4915112345678',
      type: 'template',
      template: {
        name: 'intro_offer',
        language: { code: 'en_US' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Globex' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Hank' },
              { type: 'text', text: 'Globex' },
            ],
          },
        ],
      },
    });
    expect(sent!.rendered).toBe('News for Globex\n\nHi Hank, I saw Globex is growing. Shall we talk?');
  });

  it('names each parameter of a named template', async () => {
    addAccount();
    await adapter.sendTemplate(credentials(), '4915112345678', {
      name: 'named_hello',
      language: 'de',
      parameterFormat: 'named',
      parameters: [
        { component: 'body', key: 'first_name', text: 'Anna' },
        { component: 'body', key: 'company', text: 'Muster GmbH' },
      ],
    });
    const [sent] = fake.sent(phone);
    expect(sent!.body.template).toEqual({
      name: 'named_hello',
      language: { code: 'de' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'first_name', text: 'Anna' },
            { type: 'text', parameter_name: 'company', text: 'Muster GmbH' },
          ],
        },
      ],
    });
    expect(sent!.rendered).toBe('Hallo Anna von Muster GmbH!');
  });

  it('passes on Graph’s 132000 when the parameters do not match the template', async () => {
    addAccount();
    const error = await failure(
      adapter.sendTemplate(credentials(), '4915112345678', {
        name: 'intro_offer',
        language: 'en_US',
        parameterFormat: 'positional',
        parameters: [{ component: 'body', key: '1', text: 'Hank' }],
      }),
    );
    expect(error).toBeInstanceOf(WhatsAppGraphError);
    expect(error).toMatchObject({ status: 400, graphCode: 132000, templateMismatch: true, uncertain: false });
    expect(error.message).toBe(
      'WhatsApp did not send the template intro_offer: (#132000) Number of parameters does not match the expected number of params',
    );
    expect(fake.sent(phone)).toHaveLength(0);
  });

  it('refuses a template that is not approved in that language (132001)', async () => {
    addAccount();
    const pending = await failure(
      adapter.sendTemplate(credentials(), '4915112345678', {
        name: 'pending_offer',
        language: 'en_US',
        parameterFormat: 'positional',
        parameters: [],
      }),
    );
    expect(pending).toMatchObject({ graphCode: 132001, templateMismatch: true });
  });

  it('never sends a template again after a 5xx', async () => {
    addAccount();
    fake.failNext(`/${phone}/messages`, 502);
    const error = await failure(
      adapter.sendTemplate(credentials(), '4915112345678', {
        name: 'named_hello',
        language: 'de',
        parameterFormat: 'named',
        parameters: [
          { component: 'body', key: 'first_name', text: 'Anna' },
          { component: 'body', key: 'company', text: 'Muster GmbH' },
        ],
      }),
    );
    expect(error).toMatchObject({ status: 502, uncertain: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('free text outside the 24-hour window is refused as a re-engagement message (131047)', async () => {
    const windowed = `${phone}9`;
    fake.addNumber(
      windowed,
      token,
      { verifiedName: 'Doppel Test', displayPhoneNumber: '+1 555-010-0299' },
      {
        customerServiceWindow: true,
      },
    );
    const send = () => adapter.send({ ...credentials(), phone_number_id: windowed }, '4915112345678', 'Hi');
    const error = await failure(send());
    expect(error).toMatchObject({ graphCode: 131047, needsTemplate: true, status: 400 });
    expect(error.message).toBe('WhatsApp did not send the message: (#131047) Re-engagement message');

    fake.customerMessaged(windowed, '4915112345678', Date.now() - 25 * 60 * 60 * 1000);
    expect(await failure(send())).toMatchObject({ graphCode: 131047 });
    fake.customerMessaged(windowed, '4915112345678');
    await expect(send()).resolves.toMatchObject({ externalId: expect.stringMatching(/^wamid\./) });
  });
});
