import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Campaign,
  CreateCampaignInput,
  MessengerConnection,
  SendTaskMessageResult,
  Task,
  WhatsAppTemplateChoice,
} from '@doppel/contracts';
import { and, asc, campaignLeads, communicationHistory, desc, eq } from '@doppel/db';
import type { DoppelApp } from '../../app';
import {
  signWhatsApp,
  startFakeWhatsApp,
  whatsAppTextPayload,
  type FakeWhatsApp,
  type FakeWhatsAppTemplate,
} from '../../test-support/fake-messengers/whatsapp';
import { createTestApp, signedInUser } from '../../test-support/test-app';

/*
 * Campaign outreach on WhatsApp end to end (docs/decisions/034): the settings choose an approved
 * template of the account and fill its variables; a lead who has not written in 24 hours gets the
 * template at (a fake of) the Graph API, filled for them, and one who has gets the free text.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

const TOKEN = 'EAAwhatsapp-outreach-token-0001';
const APP_SECRET = 'whatsapp-outreach-app-secret-0001';
const HOUR = 60 * 60 * 1000;

const INTRO: FakeWhatsAppTemplate = {
  name: 'intro_offer',
  language: 'en_US',
  status: 'APPROVED',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'News for {{1}}' },
    { type: 'BODY', text: 'Hi {{1}}, this is {{2}}. Shall we talk about your plans?' },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
  ],
};
const PENDING: FakeWhatsAppTemplate = {
  name: 'pending_offer',
  language: 'en_US',
  status: 'PENDING',
  category: 'MARKETING',
  components: [{ type: 'BODY', text: 'Soon, {{1}}' }],
};

/** The body {{1}} is the lead's first name, {{2}} a fixed text; the header's {{1}} the company. */
const CHOICE: WhatsAppTemplateChoice = {
  name: 'intro_offer',
  language: 'en_US',
  variables: [
    { component: 'header', key: '1', source: 'lead', field: 'company', fallback: 'your team' },
    { component: 'body', key: '1', source: 'lead', field: 'first_name' },
    { component: 'body', key: '2', source: 'text', text: 'Ada from Doppel' },
  ],
};

let doppel: DoppelApp;
let whatsapp: FakeWhatsApp;
let serial = 0;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  doppel = await createTestApp({
    config: {
      messengerApiUrls: {
        telegram: 'http://127.0.0.1:1',
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
  await whatsapp.close();
});

const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

/** A user with WhatsApp connected: a number of their own (that keeps to the 24-hour window) and its business account. */
async function whatsAppUser(options: { businessAccount?: boolean } = {}) {
  serial++;
  const phoneNumberId = String(3_000_000 + serial);
  const accountId = String(4_000_000 + serial);
  whatsapp.addNumber(
    phoneNumberId,
    TOKEN,
    { verifiedName: 'Ada Outreach', displayPhoneNumber: '+1 555 0100' },
    { customerServiceWindow: true },
  );
  whatsapp.addBusinessAccount(accountId, TOKEN, {
    phoneNumberIds: [phoneNumberId],
    templates: [INTRO, PENDING],
  });
  const user = await signedInUser(doppel);
  const response = await call(user, 'POST', '/api/messengers', {
    platform: 'whatsapp',
    credentials: {
      phone_number_id: phoneNumberId,
      access_token: TOKEN,
      verify_token: 'verify-outreach-0001',
      app_secret: APP_SECRET,
      ...(options.businessAccount === false ? {} : { business_account_id: accountId }),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { user, phoneNumberId, accountId, connection: response.json<MessengerConnection>() };
}

const wizard: CreateCampaignInput = {
  goal: 'acquire_customers',
  name: 'Propane partners',
  description: 'Meet propane retailers',
  sources: ['manual_input'],
  targetContactCount: 100,
  tools: ['clearbit'],
  channels: ['whatsapp'],
};

async function newCampaign(user: User, input: Partial<CreateCampaignInput> = {}): Promise<Campaign> {
  const response = await call(user, 'POST', '/api/campaigns', { ...wizard, ...input });
  expect(response.statusCode, response.body).toBe(201);
  // A lead reached by WhatsApp has no email or LinkedIn: no data-quality threshold here.
  const id = response.json<Campaign>().id;
  const settings = await call(user, 'PATCH', `/api/campaigns/${id}`, { dataQualityThreshold: 0 });
  expect(settings.statusCode, settings.body).toBe(200);
  return settings.json<Campaign>();
}

async function addLead(user: User, campaignId: string, lead: Record<string, string>) {
  const response = await call(user, 'POST', `/api/campaigns/${campaignId}/leads`, lead);
  expect(response.statusCode, response.body).toBe(201);
}

/** Starts the campaign and runs its slices: each lead gets a contact and an outreach task. */
async function engage(user: User, campaignId: string) {
  const started = await call(user, 'POST', `/api/campaigns/${campaignId}/status`, { action: 'start' });
  expect(started.statusCode, started.body).toBe(200);
  await doppel.ctx.jobs.runDue({ userId: user.userId });
  const leads = await doppel.ctx.db
    .select()
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId))
    .orderBy(asc(campaignLeads.name));
  expect(leads.every((lead) => lead.taskId)).toBe(true);
  return new Map(leads.map((lead) => [lead.name, lead]));
}

/** The lead writes to the user's number: a signed webhook, as Meta posts it, and the fake's window opens. */
async function leadWrites(
  user: User,
  connection: MessengerConnection,
  phoneNumberId: string,
  from: string,
  text: string,
  at = Date.now(),
) {
  const body = JSON.stringify(
    whatsAppTextPayload({ phoneNumberId, from, text, timestamp: Math.floor(at / 1000), name: null }),
  );
  const response = await doppel.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp/${connection.id}`,
    payload: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsApp(APP_SECRET, body) },
  });
  expect(response.statusCode).toBe(200);
  await doppel.ctx.jobs.runDue({ userId: user.userId });
  whatsapp.customerMessaged(phoneNumberId, from, at);
}

async function send(user: User, taskId: string, text: string) {
  return call(user, 'POST', `/api/tasks/${taskId}/send`, { text, kind: 'custom' });
}

async function latestOutbound(contactId: string) {
  const [row] = await doppel.ctx.db
    .select()
    .from(communicationHistory)
    .where(and(eq(communicationHistory.contactId, contactId), eq(communicationHistory.direction, 'outbound')))
    .orderBy(desc(communicationHistory.createdAt))
    .limit(1);
  return row;
}

describe('choosing a WhatsApp template in the campaign settings', () => {
  it('keeps the approved template with its texts, and removes it with null', async () => {
    const { user } = await whatsAppUser();
    const campaign = await newCampaign(user);
    const saved = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { whatsAppTemplate: CHOICE });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Campaign>().stageConfigs.engagement.channel_configs.whatsapp).toEqual({
      template: {
        name: 'intro_offer',
        language: 'en_US',
        category: 'MARKETING',
        parameter_format: 'positional',
        header: 'News for {{1}}',
        body: 'Hi {{1}}, this is {{2}}. Shall we talk about your plans?',
        variables: CHOICE.variables,
      },
    });

    // The same choice again is kept without asking WhatsApp.
    whatsapp.requests.length = 0;
    const again = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, {
      whatsAppTemplate: CHOICE,
      description: 'Still propane',
    });
    expect(again.statusCode).toBe(200);
    expect(whatsapp.requests).toEqual([]);

    const removed = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { whatsAppTemplate: null });
    expect(removed.json<Campaign>().stageConfigs.engagement.channel_configs.whatsapp).toEqual({
      template: null,
    });
  });

  it('refuses a template that is not approved, or variables that do not fit it, changing nothing', async () => {
    const { user } = await whatsAppUser();
    const campaign = await newCampaign(user);
    const patch = (whatsAppTemplate: unknown) =>
      call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { name: 'Renamed', whatsAppTemplate });

    const pending = await patch({ ...CHOICE, name: 'pending_offer', variables: [CHOICE.variables[2]] });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().error).toMatchObject({
      code: 'whatsapp_template_invalid',
      fields: { 'whatsAppTemplate.name': 'templateNotApproved' },
    });
    const otherLanguage = await patch({ ...CHOICE, language: 'de' });
    expect(otherLanguage.json().error.code).toBe('whatsapp_template_invalid');
    const missing = await patch({ ...CHOICE, variables: CHOICE.variables.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'whatsapp_template_invalid',
      fields: { 'whatsAppTemplate.variables': 'templateVariablesMismatch' },
    });
    const extra = await patch({
      ...CHOICE,
      variables: [...CHOICE.variables, { component: 'body', key: '3', source: 'text', text: 'x' }],
    });
    expect(extra.json().error.code).toBe('whatsapp_template_invalid');

    // Malformed before WhatsApp is asked: a company without a fallback, an unknown lead field,
    // an empty text, a name Meta could not have, the same variable twice.
    for (const bad of [
      { ...CHOICE, variables: [{ component: 'header', key: '1', source: 'lead', field: 'company' }] },
      { ...CHOICE, variables: [{ component: 'body', key: '1', source: 'lead', field: 'email' }] },
      { ...CHOICE, variables: [{ component: 'body', key: '1', source: 'text', text: '  ' }] },
      { ...CHOICE, name: 'Intro Offer' },
      { ...CHOICE, variables: [CHOICE.variables[1], CHOICE.variables[1]] },
      { ...CHOICE, extra: true },
    ]) {
      const response = await patch(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }

    const after = (await call(user, 'GET', `/api/campaigns/${campaign.id}`)).json<Campaign>();
    expect(after.name).toBe(campaign.name);
    expect(after.stageConfigs.engagement.channel_configs).toEqual({});
  });

  it('needs WhatsApp among the channels, and a WhatsApp connection with its business account', async () => {
    const { user } = await whatsAppUser();
    const emailOnly = await newCampaign(user, { channels: ['email'] });
    const refused = await call(user, 'PATCH', `/api/campaigns/${emailOnly.id}`, { whatsAppTemplate: CHOICE });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { whatsAppTemplate: 'whatsappChannelRequired' },
    });
    // Adding WhatsApp in the same change is enough.
    const both = await call(user, 'PATCH', `/api/campaigns/${emailOnly.id}`, {
      channels: ['email', 'whatsapp'],
      whatsAppTemplate: CHOICE,
    });
    expect(both.statusCode, both.body).toBe(200);

    const { user: withoutAccount } = await whatsAppUser({ businessAccount: false });
    const noAccount = await newCampaign(withoutAccount);
    const response = await call(withoutAccount, 'PATCH', `/api/campaigns/${noAccount.id}`, {
      whatsAppTemplate: CHOICE,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('whatsapp_connection_required');

    const stranger = await signedInUser(doppel);
    const theirs = await newCampaign(stranger);
    const notConnected = await call(stranger, 'PATCH', `/api/campaigns/${theirs.id}`, {
      whatsAppTemplate: CHOICE,
    });
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().error.code).toBe('whatsapp_connection_required');
  });
});

describe('sending a campaign’s WhatsApp outreach', () => {
  it('opens the conversation with the template outside the 24-hour window, and sends free text inside it', async () => {
    const { user, phoneNumberId, connection } = await whatsAppUser();
    const campaign = await newCampaign(user);
    expect(
      (await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { whatsAppTemplate: CHOICE })).statusCode,
    ).toBe(200);
    await addLead(user, campaign.id, {
      name: 'Hank Hill',
      company: 'Strickland Propane',
      phone: '+1 555 010 1001',
    });
    await addLead(user, campaign.id, { name: 'Luanne Platter', phone: '+1 555 010 1002' });
    await addLead(user, campaign.id, { name: 'Lucía Pérez', company: 'Gas y Más', phone: '+34 600 100 200' });
    await addLead(user, campaign.id, {
      name: 'Dale Gribble',
      company: 'Gribble Pest',
      phone: '+1 555 010 1004',
    });
    const leads = await engage(user, campaign.id);

    // Lucía wrote an hour ago: the window is open. Dale wrote 25 hours ago: it has closed.
    await leadWrites(user, connection, phoneNumberId, '34600100200', '¿Hablamos mañana?', Date.now() - HOUR);
    await leadWrites(user, connection, phoneNumberId, '15550101004', 'Who is this?', Date.now() - 25 * HOUR);

    const hank = leads.get('Hank Hill')!;
    const sentToHank = await send(user, hank.taskId!, 'Hi Hank, a free-form hello.');
    expect(sentToHank.statusCode, sentToHank.body).toBe(200);
    const hankResult = sentToHank.json<SendTaskMessageResult>();
    expect(hankResult.delivery.status).toBe('sent');
    const atFake = whatsapp.sent(phoneNumberId);
    expect(atFake).toHaveLength(1);
    expect(atFake[0]!.to).toBe('15550101001');
    expect(atFake[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '15550101001',
      type: 'template',
      template: {
        name: 'intro_offer',
        language: { code: 'en_US' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Strickland Propane' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Hank' },
              { type: 'text', text: 'Ada from Doppel' },
            ],
          },
        ],
      },
    });
    const hankText =
      'News for Strickland Propane\n\nHi Hank, this is Ada from Doppel. Shall we talk about your plans?';
    expect(atFake[0]!.rendered).toBe(hankText);
    // The history and the task record what Hank was sent; the composer's draft is kept as typed.
    expect(await latestOutbound(hank.contactId!)).toMatchObject({
      text: hankText,
      channel: 'whatsapp',
      deliveryStatus: 'sent',
      externalId: atFake[0]!.id,
    });
    expect(hankResult.task.responses).toMatchObject({
      custom: 'Hi Hank, a free-form hello.',
      sent: hankText,
    });
    expect(hankResult.task.status).toBe('completed');

    // A lead without a company: the header takes the fallback.
    const luanne = leads.get('Luanne Platter')!;
    expect((await send(user, luanne.taskId!, 'Hello Luanne')).statusCode).toBe(200);
    expect(whatsapp.sent(phoneNumberId).at(-1)!.rendered).toBe(
      'News for your team\n\nHi Luanne, this is Ada from Doppel. Shall we talk about your plans?',
    );

    // Inside the window: the composer's free text, as today.
    const lucia = leads.get('Lucía Pérez')!;
    const sentToLucia = await send(user, lucia.taskId!, 'Hola Lucía, ¿mañana a las 10?');
    expect(sentToLucia.statusCode, sentToLucia.body).toBe(200);
    expect(whatsapp.sent(phoneNumberId).at(-1)!.body).toMatchObject({
      to: '34600100200',
      type: 'text',
      text: { body: 'Hola Lucía, ¿mañana a las 10?' },
    });
    expect((await latestOutbound(lucia.contactId!))!.text).toBe('Hola Lucía, ¿mañana a las 10?');

    // A message 25 hours old no longer opens the window.
    const dale = leads.get('Dale Gribble')!;
    expect((await send(user, dale.taskId!, 'Hey Dale')).statusCode).toBe(200);
    expect(whatsapp.sent(phoneNumberId).at(-1)).toMatchObject({
      to: '15550101004',
      body: { type: 'template' },
    });

    // Every lead was reached (a message before it is not a reply: the leads are contacted now).
    const contacted = await doppel.ctx.db
      .select({ status: campaignLeads.status })
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaign.id));
    expect(contacted.map((lead) => lead.status)).toEqual([
      'contacted',
      'contacted',
      'contacted',
      'contacted',
    ]);
  });

  it('without a template, a lead outside the window is whatsapp_template_required and nothing is sent', async () => {
    const { user, phoneNumberId, connection } = await whatsAppUser();
    const campaign = await newCampaign(user);
    await addLead(user, campaign.id, { name: 'Bill Dauterive', phone: '+1 555 010 2001' });
    await addLead(user, campaign.id, { name: 'Boomhauer', phone: '+1 555 010 2002' });
    const leads = await engage(user, campaign.id);
    const bill = leads.get('Bill Dauterive')!;

    const refused = await send(user, bill.taskId!, 'Hi Bill');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('whatsapp_template_required');
    expect(whatsapp.sent(phoneNumberId)).toEqual([]);
    expect(await latestOutbound(bill.contactId!)).toBeUndefined();
    const task = (await call(user, 'GET', `/api/tasks/${bill.taskId}`)).json<Task>();
    expect(task.status).not.toBe('completed');

    // Once the lead writes, free text goes.
    await leadWrites(user, connection, phoneNumberId, '15550102001', 'Yes?');
    expect((await send(user, bill.taskId!, 'Hi Bill')).statusCode).toBe(200);
    expect(whatsapp.sent(phoneNumberId).at(-1)!.body).toMatchObject({
      type: 'text',
      text: { body: 'Hi Bill' },
    });
  });

  it('a template the account no longer has approved is whatsapp_template_invalid, recorded as failed', async () => {
    const { user, phoneNumberId, accountId } = await whatsAppUser();
    const campaign = await newCampaign(user);
    expect(
      (await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { whatsAppTemplate: CHOICE })).statusCode,
    ).toBe(200);
    await addLead(user, campaign.id, { name: 'Kahn Souphanousinphone', phone: '+1 555 010 3001' });
    const leads = await engage(user, campaign.id);
    // Meta paused the template since it was chosen.
    whatsapp.addBusinessAccount(accountId, TOKEN, {
      phoneNumberIds: [phoneNumberId],
      templates: [{ ...INTRO, status: 'PAUSED' }],
    });
    const kahn = leads.get('Kahn Souphanousinphone')!;
    const refused = await send(user, kahn.taskId!, 'Hello Kahn');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('whatsapp_template_invalid');
    expect(await latestOutbound(kahn.contactId!)).toMatchObject({
      deliveryStatus: 'failed',
      text: 'News for your team\n\nHi Kahn, this is Ada from Doppel. Shall we talk about your plans?',
    });
  });
});
