import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  BulkEmailResult,
  Campaign,
  CreateCampaignInput,
  Lead,
  LeadPage,
  MessengerConnection,
  SendTaskMessageResult,
  Task,
  TaskPage,
} from '@doppel/contracts';
import { and, communicationHistory, emailSends, eq, mailboxSync, messengerConnections } from '@doppel/db';
import { simpleParser } from 'mailparser';
import type { DoppelApp } from '../../app';
import { startDovecot, type TestDovecot } from '../../test-support/dovecot';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-test-server';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';
import { createTask } from '../tasks';
import { createMailboxWatchers } from './mailbox-watchers';

/*
 * The user's own mailbox as a channel (issue 18), end to end through the HTTP API against a real
 * Dovecot (IMAP) and a real SMTP server on 127.0.0.1: connect, mail in, replies out, campaign
 * mail with its way out, bounces.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

const PASSWORD = 'app-password-0001-secret';
const clock = new ManualClock();
let doppel: DoppelApp;
let dovecot: TestDovecot;
let smtp: SmtpTestServer;
let mailboxCount = 0;

beforeAll(async () => {
  doppel = await createTestApp({ clock });
  // One IMAP and one SMTP account per test, so tests do not read each other's mail.
  const names = Array.from({ length: 14 }, (_, index) => `owner${index}`);
  dovecot = await startDovecot({ users: names.map((name) => ({ name, password: PASSWORD })) });
  smtp = await startSmtpTestServer({ users: Object.fromEntries(names.map((name) => [name, PASSWORD])) });
}, 60_000);

afterAll(async () => {
  await doppel?.app.close();
  await dovecot?.stop();
  await smtp?.close();
});

const auth = (user: User) => ({ authorization: `Bearer ${user.accessToken}` });
const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: auth(user) });

/** The next unused mailbox on both servers. */
function nextMailbox() {
  const login = `owner${mailboxCount++}`;
  const address = `${login}@doppel.test`;
  return {
    login,
    address,
    credentials: {
      address,
      sender_name: 'Alex Morgan',
      imap_host: dovecot.host,
      imap_port: String(dovecot.port),
      imap_tls: 'false',
      imap_user: login,
      imap_password: PASSWORD,
      smtp_host: smtp.host,
      smtp_port: String(smtp.port),
      smtp_tls: 'false',
      smtp_user: login,
    } as Record<string, string>,
  };
}

async function connect(user: User, credentials: Record<string, string>) {
  return call(user, 'POST', '/api/messengers', { platform: 'email', credentials });
}

/** Runs the user's due jobs until none is left (reads, sends, the events they state). */
async function settle(user: User) {
  while ((await doppel.ctx.jobs.runDue({ userId: user.userId })) > 0) {
    // keep going: a job's events queue more jobs
  }
}

async function connected(user: User) {
  const mailbox = nextMailbox();
  const response = await connect(user, mailbox.credentials);
  expect(response.statusCode, response.body).toBe(201);
  await settle(user);
  return { ...mailbox, connection: response.json<MessengerConnection>() };
}

let mailNumber = 0;

/** A mail as a person's client writes it. */
function mail(options: {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId?: string;
  inReplyTo?: string;
  date?: Date;
}) {
  const messageId = options.messageId ?? `<m${++mailNumber}.${Date.now()}@acme.test>`;
  const lines = [
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Date: ${(options.date ?? clock.now()).toUTCString()}`,
    `Message-ID: ${messageId}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`, `References: ${options.inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.text,
  ];
  return { raw: lines.join('\r\n'), messageId };
}

async function tasksOf(user: User): Promise<Task[]> {
  return (await call(user, 'GET', '/api/tasks')).json<TaskPage>().items;
}

async function historyOf(contactId: string) {
  return doppel.ctx.db
    .select()
    .from(communicationHistory)
    .where(eq(communicationHistory.contactId, contactId));
}

function deliveredTo(address: string) {
  return smtp.messages.filter((message) => message.rcptTo.includes(address));
}

describe('connecting a mailbox', () => {
  it('says which side refused and stores nothing; connects with both, sealed, and starts reading', async () => {
    const user = await signedInUser(doppel);
    const mailbox = nextMailbox();

    const wrongImap = await connect(user, { ...mailbox.credentials, imap_password: 'not-the-password' });
    expect(wrongImap.statusCode).toBe(502);
    expect(wrongImap.json().error).toMatchObject({
      code: 'messenger_failed',
      fields: { 'credentials.imap_password': 'auth_failed' },
    });
    expect(wrongImap.body).not.toContain('not-the-password');

    const noSmtp = await connect(user, { ...mailbox.credentials, smtp_port: '1' });
    expect(noSmtp.statusCode).toBe(502);
    expect(noSmtp.json().error.fields).toEqual({ 'credentials.smtp_host': 'unreachable' });

    const badPort = await connect(user, { ...mailbox.credentials, imap_port: '70000', address: 'nope' });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().error.fields).toMatchObject({
      'credentials.imap_port': 'portInvalid',
      'credentials.address': 'emailInvalid',
    });
    expect((await call(user, 'GET', '/api/messengers')).json().items).toEqual([]);

    const ok = await connect(user, mailbox.credentials);
    expect(ok.statusCode, ok.body).toBe(201);
    const connection = ok.json<MessengerConnection>();
    expect(connection).toMatchObject({
      platform: 'email',
      username: mailbox.address,
      isSample: false,
      mailbox: { state: 'syncing' },
      // Mail is read over IMAP: there is no webhook to point anywhere.
      inbound: { url: '', registered: false },
    });
    expect(connection.credentialHints.imap_password).not.toContain(PASSWORD);
    expect(ok.body).not.toContain(PASSWORD);
    const [row] = await doppel.ctx.db
      .select()
      .from(messengerConnections)
      .where(eq(messengerConnections.id, connection.id));
    expect(row!.credentials).not.toContain(PASSWORD);

    await settle(user);
    const listed = (await call(user, 'GET', '/api/messengers')).json<{ items: MessengerConnection[] }>();
    expect(listed.items[0]!.mailbox).toMatchObject({ state: 'idle', error: null });
    expect(listed.items[0]!.lastSyncAt).not.toBeNull();
  });
});

describe('mail in', () => {
  it('turns a new mail into exactly one reply task; a repeated read makes nothing twice', async () => {
    const user = await signedInUser(doppel);
    const { login, address, credentials } = nextMailbox();
    // Already in the mailbox when it is connected: the first read takes the last 14 days only.
    const old = mail({
      from: 'Old Friend <old@acme.test>',
      to: address,
      subject: 'Long ago',
      text: 'From before the first read window.',
    });
    await dovecot.append(login, old.raw, { receivedAt: new Date(clock.now().getTime() - 30 * 86_400_000) });
    const hello = mail({
      from: 'Ann Lee <Ann@Acme.test>',
      to: address,
      subject: 'Pilot pricing',
      text: 'Hi Alex, could you send the pilot pricing for ten seats?',
    });
    await dovecot.append(login, hello.raw);

    const connectedNow = await connect(user, credentials);
    expect(connectedNow.statusCode, connectedNow.body).toBe(201);
    const connection = connectedNow.json<MessengerConnection>();
    await settle(user);
    const tasks = await tasksOf(user);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      type: 'message_reply',
      contact: { name: 'Ann Lee', source: 'email' },
      context: { emailSubject: 'Pilot pricing', lastMessage: expect.stringContaining('pilot pricing') },
    });
    const history = await historyOf(tasks[0]!.contact!.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ direction: 'inbound', channel: 'email', externalId: hello.messageId });

    // Again: nothing new. Even with the cursor forgotten (a rebuilt folder), nothing twice.
    await call(user, 'POST', `/api/messengers/${connection.id}/sync`);
    await settle(user);
    await dovecot.changeUidValidity(login);
    await call(user, 'POST', `/api/messengers/${connection.id}/sync`);
    await settle(user);
    expect(await tasksOf(user)).toHaveLength(1);
    expect(await historyOf(tasks[0]!.contact!.id)).toHaveLength(1);
  });
});

describe('mail out', () => {
  let annCount = 0;
  // A contact of one test: the SMTP server's log is shared by all of them.
  let ann = '';
  beforeEach(() => {
    ann = `ann${++annCount}@acme.test`;
  });

  async function replyTask(user: User, login: string, address: string, connectionId: string) {
    const incoming = mail({
      from: `Ann Lee <${ann}>`,
      to: address,
      subject: 'Pilot pricing',
      text: 'Could you send the pilot pricing?',
    });
    await dovecot.append(login, incoming.raw);
    await call(user, 'POST', `/api/messengers/${connectionId}/sync`);
    await settle(user);
    // The open reply task (an earlier one of the test was answered and completed).
    const task = (await tasksOf(user)).find(
      (candidate) => candidate.type === 'message_reply' && candidate.status === 'pending',
    );
    return { task: task!, incoming };
  }

  it('sends a reply from the user’s mailbox in the thread, keeps it in Sent, and shows it sent', async () => {
    const user = await signedInUser(doppel);
    const { login, address, connection } = await connected(user);
    const { task, incoming } = await replyTask(user, login, address, connection.id);

    const response = await call(user, 'POST', `/api/tasks/${task.id}/send`, {
      text: 'Hi Ann, ten seats are 900 EUR a month.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SendTaskMessageResult>().delivery).toEqual({ status: 'queued', channel: 'email' });
    expect(deliveredTo(ann)).toHaveLength(0);

    await settle(user);
    const sent = deliveredTo(ann);
    expect(sent).toHaveLength(1);
    const parsed = await simpleParser(sent[0]!.raw);
    expect(parsed.subject).toBe('Re: Pilot pricing');
    expect(parsed.inReplyTo).toBe(incoming.messageId);
    expect(parsed.references).toEqual(incoming.messageId);
    expect(parsed.from?.value[0]).toMatchObject({ address, name: 'Alex Morgan' });
    expect(parsed.text?.trim()).toBe('Hi Ann, ten seats are 900 EUR a month.');
    expect(parsed.headers.has('list-unsubscribe')).toBe(false);
    const inSent = await dovecot.listMessages(login, 'Sent');
    expect(inSent.map((message) => message.messageId)).toEqual([parsed.messageId]);

    const [after] = await tasksOf(user);
    expect(after!.context.delivery).toMatchObject({ status: 'sent', channel: 'email' });
    const history = await historyOf(task.contact!.id);
    expect(history.find((entry) => entry.direction === 'outbound')).toMatchObject({
      deliveryStatus: 'sent',
      externalId: parsed.messageId,
    });
  });

  it('retries a deferral (4xx) and delivers once; a refusal (5xx) fails on the task with the reason, and Retry sends it', async () => {
    const user = await signedInUser(doppel);
    const { login, address, connection } = await connected(user);
    const { task } = await replyTask(user, login, address, connection.id);

    smtp.failNext(451, '4.7.1 Greylisted, try again later');
    await call(user, 'POST', `/api/tasks/${task.id}/send`, { text: 'First answer.' });
    await settle(user);
    expect(deliveredTo(ann)).toHaveLength(0);
    expect((await tasksOf(user))[0]!.context.delivery?.status).toBe('queued');
    clock.advance(10 * 60_000);
    await settle(user);
    expect(deliveredTo(ann)).toHaveLength(1);
    expect((await tasksOf(user))[0]!.context.delivery?.status).toBe('sent');

    // Reopen the conversation with a second mail, then a refusal.
    const { task: second } = await replyTask(user, login, address, connection.id);
    smtp.failNext(554, '5.7.1 Message rejected as spam');
    await call(user, 'POST', `/api/tasks/${second.id}/send`, { text: 'Second answer.' });
    await settle(user);
    const failed = (await tasksOf(user)).find((candidate) => candidate.id === second.id)!;
    expect(failed.status).toBe('pending');
    // A code the app words in the user's language, and the server's own reply as it gave it.
    expect(failed.context.delivery).toMatchObject({
      status: 'failed',
      reason: 'rejected',
      serverReply: expect.stringContaining('554 5.7.1 Message rejected as spam'),
    });
    expect(failed.responses.sent).toBe('Second answer.');
    expect(deliveredTo(ann)).toHaveLength(1);

    const retried = await call(user, 'POST', `/api/tasks/${second.id}/delivery/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await settle(user);
    expect(deliveredTo(ann)).toHaveLength(2);
    expect(
      (await tasksOf(user)).find((candidate) => candidate.id === second.id)!.context.delivery?.status,
    ).toBe('sent');
  });

  it('never sends twice after a crash mid-send: found in Sent it is sent, else unknown until Retry', async () => {
    const user = await signedInUser(doppel);
    const { login, address, connection } = await connected(user);
    const { task } = await replyTask(user, login, address, connection.id);
    await call(user, 'POST', `/api/tasks/${task.id}/send`, { text: 'Sent just before the crash.' });
    const [queued] = await doppel.ctx.db.select().from(emailSends).where(eq(emailSends.userId, user.userId));
    // The process claimed it, the server took it (it is in Sent), then the process died.
    await doppel.ctx.db.update(emailSends).set({ status: 'sending' }).where(eq(emailSends.id, queued!.id));
    await dovecot.append(
      login,
      mail({ from: address, to: ann, subject: 'Re', text: 'x', messageId: queued!.messageId }).raw,
      { folder: 'Sent', seen: true },
    );
    await settle(user);
    expect(deliveredTo(ann)).toHaveLength(0);
    expect((await tasksOf(user))[0]!.context.delivery?.status).toBe('sent');

    // Claimed, then the process died before the server took it: not in Sent.
    const { task: second } = await replyTask(user, login, address, connection.id);
    await call(user, 'POST', `/api/tasks/${second.id}/send`, { text: 'Lost in the crash.' });
    const [lost] = await doppel.ctx.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.taskId, second.id), eq(emailSends.status, 'queued')));
    await doppel.ctx.db.update(emailSends).set({ status: 'sending' }).where(eq(emailSends.id, lost!.id));
    await settle(user);
    expect(deliveredTo(ann)).toHaveLength(0);
    const unknown = (await tasksOf(user)).find((candidate) => candidate.id === second.id)!;
    expect(unknown.context.delivery).toMatchObject({ status: 'unknown', reason: 'interrupted' });
    await call(user, 'POST', `/api/tasks/${second.id}/delivery/retry`);
    await settle(user);
    expect(deliveredTo(ann)).toHaveLength(1);
  });
});

describe('campaign mail', () => {
  const wizard: CreateCampaignInput = {
    goal: 'acquire_customers',
    name: 'Seed round',
    description: 'Investors and early customers',
    sources: ['manual_input'],
    targetContactCount: 100,
    tools: ['hunter'],
    channels: ['email'],
  };

  async function campaignWithLeads(user: User, leads: Array<{ name: string; email: string }>) {
    const created = await call(user, 'POST', '/api/campaigns', wizard);
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<Campaign>();
    const ids: string[] = [];
    for (const lead of leads) {
      const added = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads`, lead);
      expect(added.statusCode, added.body).toBe(201);
      ids.push(added.json<Lead>().id);
    }
    return { campaign, ids };
  }

  async function leadsOf(user: User, campaignId: string) {
    return (await call(user, 'GET', `/api/campaigns/${campaignId}/leads`)).json<LeadPage>().items;
  }

  it('carries the way out; an unsubscribed or bounced address is skipped with the reason; a reply marks the lead responded', async () => {
    const user = await signedInUser(doppel);
    const { login, address } = await connected(user);
    const { campaign, ids } = await campaignWithLeads(user, [
      { name: 'Maya Chen', email: 'maya@north.test' },
      { name: 'Gil Hart', email: 'gil@south.test' },
      { name: 'Bo Park', email: 'bo@east.test' },
    ]);
    const bulk = (body: object) => call(user, 'POST', `/api/campaigns/${campaign.id}/leads/bulk-email`, body);

    const first = await bulk({ leadIds: ids, subject: 'Hello {name}', body: 'Dear {name}, a short note.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BulkEmailResult>()).toEqual({ queued: 3, skipped: [] });
    // Contacted once the server took the mail, not when it was queued.
    expect((await leadsOf(user, campaign.id)).every((lead) => lead.status === 'new')).toBe(true);
    await settle(user);
    expect((await leadsOf(user, campaign.id)).every((lead) => lead.status === 'contacted')).toBe(true);

    const toMaya = await simpleParser(deliveredTo('maya@north.test')[0]!.raw);
    expect(toMaya.subject).toBe('Hello Maya Chen');
    // The header as written (mailparser reads List-* headers into objects of its own).
    const header = (name: string) =>
      toMaya.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, ' ');
    const listUnsubscribe = header('list-unsubscribe')!;
    expect(listUnsubscribe).toMatch(/^<mailto:[^>]+>, <http[^>]+\/unsubscribe\?token=[^>]+>$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The one-click address (POSTed to by mail providers) and the page the footer links to.
    const oneClickUrl = new URL(/<(http[^>]+)>/.exec(listUnsubscribe)![1]!);
    expect(oneClickUrl.pathname).toBe('/api/unsubscribe');
    const token = oneClickUrl.searchParams.get('token')!;
    const page = /(http\S+\/unsubscribe\?token=\S+)/.exec(toMaya.text ?? '')![1]!;
    expect(new URL(page).pathname).toBe('/unsubscribe');
    expect(new URL(page).searchParams.get('token')).toBe(token);

    // The page shows whose mail it stops; Maya's provider unsubscribes her with one click.
    const shown = await doppel.app.inject({
      method: 'GET',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(shown.json()).toEqual({ address: 'maya@north.test', sender: 'Alex Morgan', unsubscribed: false });
    const oneClick = await doppel.app.inject({
      method: 'POST',
      url: `${oneClickUrl.pathname}${oneClickUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const forged = await doppel.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_token');

    // Gil's address bounces: the delivery-status notification lands in the user's inbox.
    const bounce = [
      'From: Mail Delivery System <MAILER-DAEMON@south.test>',
      `To: ${address}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <bounce.${Date.now()}@south.test>`,
      `Date: ${clock.now().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.south.test',
      '',
      'Final-Recipient: rfc822; gil@south.test',
      'Action: failed',
      'Status: 5.1.1',
      '',
      '--b1--',
      '',
    ].join('\r\n');
    await dovecot.append(login, bounce);

    // Bo answers: the lead responded.
    const toBo = await simpleParser(deliveredTo('bo@east.test')[0]!.raw);
    await dovecot.append(
      login,
      mail({
        from: 'Bo Park <bo@east.test>',
        to: address,
        subject: 'Re: Hello Bo Park',
        text: 'Happy to talk next week.',
        inReplyTo: toBo.messageId!,
      }).raw,
    );
    const [mailbox] = (await call(user, 'GET', '/api/messengers')).json<{ items: MessengerConnection[] }>()
      .items;
    await call(user, 'POST', `/api/messengers/${mailbox!.id}/sync`);
    await settle(user);

    const leads = await leadsOf(user, campaign.id);
    const byName = (name: string) => leads.find((lead) => lead.name === name)!;
    expect(byName('Maya Chen')).toMatchObject({ status: 'contacted', emailProblem: 'unsubscribed' });
    expect(byName('Gil Hart')).toMatchObject({ status: 'contacted', emailProblem: 'bounced' });
    expect(byName('Bo Park')).toMatchObject({ status: 'responded', emailProblem: null });
    // The bounce is not a person's reply.
    const replies = (await tasksOf(user)).filter((task) => task.type === 'message_reply');
    expect(replies.map((task) => task.contact?.name)).toEqual(['Bo Park']);

    // A follow-up from an outreach task for Maya is refused too, and nothing is queued for her.
    const outreach = await createTask(doppel.ctx, user.userId, {
      type: 'message_reply',
      title: 'Follow up with Maya',
      contactId: byName('Maya Chen').contactId!,
      context: { campaignId: campaign.id, leadId: ids[0]! },
    });
    const followUp = await call(user, 'POST', `/api/tasks/${outreach.id}/send`, {
      text: 'Just checking in.',
    });
    expect(followUp.statusCode).toBe(409);
    expect(followUp.json().error.code).toBe('recipient_opted_out');

    const again = await bulk({ leadIds: ids, subject: 'Following up', body: 'One more note.' });
    expect(again.json<BulkEmailResult>()).toEqual({
      queued: 1,
      skipped: [
        { leadId: ids[0], name: 'Maya Chen', reason: 'unsubscribed' },
        { leadId: ids[1], name: 'Gil Hart', reason: 'bounced' },
      ],
    });
    await settle(user);
    expect(deliveredTo('maya@north.test')).toHaveLength(1);
    expect(deliveredTo('gil@south.test')).toHaveLength(1);
    expect(deliveredTo('bo@east.test')).toHaveLength(2);
  });

  it('does not mark a lead contacted when the server refuses its mail', async () => {
    const user = await signedInUser(doppel);
    await connected(user);
    const { campaign, ids } = await campaignWithLeads(user, [{ name: 'Rae Moss', email: 'rae@west.test' }]);
    smtp.failNext(550, '5.1.1 No such user', 1, 'rcpt');
    await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/bulk-email`, {
      leadIds: ids,
      subject: 'Hi',
      body: 'Hello',
    });
    await settle(user);
    expect((await leadsOf(user, campaign.id))[0]!.status).toBe('new');
    const [send] = await doppel.ctx.db.select().from(emailSends).where(eq(emailSends.userId, user.userId));
    expect(send).toMatchObject({
      status: 'failed',
      error: 'rejected',
      serverResponse: expect.stringContaining('550'),
    });
  });

  it('never mails an address that opted out after its mail was queued, not even on Retry', async () => {
    const user = await signedInUser(doppel);
    await connected(user);
    const rae = 'rae@north.test';
    const { campaign, ids } = await campaignWithLeads(user, [{ name: 'Rae Moss', email: rae }]);
    await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/bulk-email`, {
      leadIds: ids,
      subject: 'Hello',
      body: 'A short note.',
    });
    await settle(user);
    expect(deliveredTo(rae)).toHaveLength(1);
    const [lead] = await leadsOf(user, campaign.id);

    // A follow-up is put off by the server (4xx) and waits for its next attempt…
    smtp.failNext(451, '4.7.1 Greylisted, try again later');
    const followUp = await createTask(doppel.ctx, user.userId, {
      type: 'message_reply',
      title: 'Follow up with Rae',
      contactId: lead!.contactId!,
      context: { campaignId: campaign.id, leadId: ids[0]! },
    });
    const sent = await call(user, 'POST', `/api/tasks/${followUp.id}/send`, { text: 'Just checking in.' });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle(user);
    expect(deliveredTo(rae)).toHaveLength(1);

    // …while Rae unsubscribes with the first mail's one-click link.
    const first = await simpleParser(deliveredTo(rae)[0]!.raw);
    const oneClick = /<(http[^>]+\/api\/unsubscribe[^>]+)>/.exec(
      first.headerLines.find((line) => line.key === 'list-unsubscribe')!.line.replace(/\r?\n\s+/g, ' '),
    )![1]!;
    const unsubscribed = await doppel.app.inject({
      method: 'POST',
      url: new URL(oneClick).pathname + new URL(oneClick).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);

    clock.advance(10 * 60_000);
    await settle(user);
    expect(deliveredTo(rae)).toHaveLength(1);
    const task = (await tasksOf(user)).find((candidate) => candidate.id === followUp.id)!;
    expect(task.context.delivery).toMatchObject({ status: 'failed', reason: 'opted_out' });

    // Retry says why and changes nothing.
    const retried = await call(user, 'POST', `/api/tasks/${followUp.id}/delivery/retry`);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error.code).toBe('recipient_opted_out');
    await settle(user);
    expect(deliveredTo(rae)).toHaveLength(1);
    const after = (await tasksOf(user)).find((candidate) => candidate.id === followUp.id)!;
    expect(after.context.delivery).toMatchObject({ status: 'failed', reason: 'opted_out' });
    const [row] = await doppel.ctx.db.select().from(emailSends).where(eq(emailSends.taskId, followUp.id));
    expect(row).toMatchObject({ status: 'failed', error: 'opted_out' });
  });
});

describe('new mail as it arrives', () => {
  it('is watched by one process of a cluster; another takes over when it stops or dies', async () => {
    const user = await signedInUser(doppel);
    const { login, address, connection } = await connected(user);
    const watcherOf = async () =>
      (
        await doppel.ctx.db
          .select({ watcher: mailboxSync.watcher })
          .from(mailboxSync)
          .where(eq(mailboxSync.connectionId, connection.id))
      )[0]!.watcher;
    const readQueued = () =>
      doppel.ctx.jobs.queued(doppel.ctx.db, 'messengers.sync-mailbox', { connectionId: connection.id });
    /** Mail delivered to the mailbox; resolves once a watch has queued its read (no poll runs here). */
    const deliver = async (subject: string) => {
      await dovecot.append(
        login,
        mail({ from: 'Ivy Stone <ivy@acme.test>', to: address, subject, text: `${subject}, Alex?` }).raw,
      );
      for (let waited = 0; (await readQueued()).length === 0; waited += 100) {
        if (waited > 10_000) throw new Error('No watch queued a read of the new mail.');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await settle(user);
    };
    // Three processes' watchers (each names itself as a process does).
    const [first, second, third] = [1, 2, 3].map(() => createMailboxWatchers(doppel.ctx));
    try {
      await first!.round();
      const firstHolder = await watcherOf();
      expect(firstHolder).not.toBeNull();
      await second!.round();
      expect(await watcherOf()).toBe(firstHolder);
      // The read a watch queues when it starts, for mail that came while nobody watched.
      await settle(user);
      expect(await readQueued()).toHaveLength(0);

      await deliver('Pilot next week');
      expect((await tasksOf(user)).map((task) => task.context.lastMessage)).toEqual([
        'Pilot next week, Alex?',
      ]);

      // The first stops (a deploy): it leaves the mailbox at once, and the second watches it.
      await first!.stop();
      expect(await watcherOf()).toBeNull();
      await second!.round();
      const secondHolder = await watcherOf();
      expect([null, firstHolder]).not.toContain(secondHolder);
      await settle(user);

      // The second dies without a word: once its lease runs out the third takes over, and the
      // second, were it to come back, leaves the mailbox to it.
      clock.advance(61_000);
      await third!.round();
      const thirdHolder = await watcherOf();
      expect([null, firstHolder, secondHolder]).not.toContain(thirdHolder);
      await second!.round();
      expect(await watcherOf()).toBe(thirdHolder);
      await settle(user);

      await deliver('Contract draft');
      const tasks = await tasksOf(user);
      expect(tasks).toHaveLength(1);
      expect(tasks[0]!.context.lastMessage).toBe('Contract draft, Alex?');
    } finally {
      await Promise.all([first!.stop(), second!.stop(), third!.stop()]);
    }
  });
});

describe('demo sandboxes', () => {
  it('show a labelled sample mailbox that contacts no server', async () => {
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: '10.99.1.2' });
    const token = demo.json<{ accessToken: string }>().accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const list = await doppel.app.inject({ method: 'GET', url: '/api/messengers', headers });
    const [sample] = list
      .json<{ items: MessengerConnection[] }>()
      .items.filter((item) => item.platform === 'email');
    expect(sample).toMatchObject({ isSample: true, username: 'alex.morgan@example.com' });
    const test = await doppel.app.inject({
      method: 'POST',
      url: `/api/messengers/${sample!.id}/test`,
      headers,
    });
    expect(test.statusCode).toBe(403);
  });
});
