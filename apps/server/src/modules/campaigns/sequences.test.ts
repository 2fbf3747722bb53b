import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkEmailResult,
  Campaign,
  CreateCampaignInput,
  Lead,
  LeadPage,
  MessengerConnection,
  SequenceFigures,
  Task,
  TaskPage,
  UpdateCampaignInput,
} from '@doppel/contracts';
import { and, campaigns, eq, jobs, sql } from '@doppel/db';
import { simpleParser } from 'mailparser';
import type { DoppelApp } from '../../app';
import { startDovecot, type TestDovecot } from '../../test-support/dovecot';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-test-server';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';

/*
 * Growth that runs a real campaign end to end (issue 22): sequences, the touch budget, who sends,
 * the daily limits and the data-quality threshold — through the HTTP API, with campaign mail
 * going out of the user's own mailbox to a real SMTP server and replies coming back through a
 * real Dovecot. Time moves with the test clock and the job scheduler runs what is due; nothing
 * sleeps.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'app-password-0001-secret';
// Mid-morning UTC, so "today" does not end in the middle of a test.
const clock = new ManualClock(new Date('2026-11-02T09:00:00Z'));
let doppel: DoppelApp;
let dovecot: TestDovecot;
let smtp: SmtpTestServer;
let mailboxes = 0;

beforeAll(async () => {
  doppel = await createTestApp({ clock });
  const names = Array.from({ length: 6 }, (_, index) => `seller${index}`);
  dovecot = await startDovecot({ users: names.map((name) => ({ name, password: PASSWORD })) });
  smtp = await startSmtpTestServer({ users: Object.fromEntries(names.map((name) => [name, PASSWORD])) });
}, 60_000);

afterAll(async () => {
  await doppel?.app.close();
  await dovecot?.stop();
  await smtp?.close();
});

const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function ok<T>(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** Runs the user's due jobs until none is left (a job's events queue more jobs). */
async function settle(user: User) {
  while ((await doppel.ctx.jobs.runDue({ userId: user.userId })) > 0) {
    // keep going
  }
}

/**
 * Moves time on and runs whatever came due. The user signs in again: days later their access
 * token has long expired.
 */
async function after(user: User, ms: number) {
  clock.advance(ms);
  await settle(user);
  const signIn = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: user.ip,
    payload: { email: user.email, password: user.password },
  });
  user.accessToken = signIn.json<{ accessToken: string }>().accessToken;
}

async function withMailbox(user: User) {
  const login = `seller${mailboxes++}`;
  const address = `${login}@doppel.test`;
  const connection = await ok<MessengerConnection>(
    await call(user, 'POST', '/api/messengers', {
      platform: 'email',
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
      },
    }),
    201,
  );
  await settle(user);
  return { login, address, connection };
}

const wizard: CreateCampaignInput = {
  goal: 'raise_funding',
  name: 'Seed',
  description: 'Angels for the seed round',
  sources: ['manual_input'],
  targetContactCount: 100,
  tools: ['clearbit'],
  channels: ['email'],
};

/** A lead with every field the campaign requires: its data quality passes the threshold. */
const complete = (name: string, email: string) => ({
  name,
  email,
  company: `${name.split(' ')[1]} Capital`,
  linkedinUrl: `https://www.linkedin.com/in/${name.toLowerCase().replace(' ', '-')}`,
});

async function campaignWith(
  user: User,
  input: Partial<CreateCampaignInput>,
  settings: UpdateCampaignInput,
  leads: Array<Record<string, string>>,
): Promise<{ campaign: Campaign; ids: Record<string, string> }> {
  const created = await ok<Campaign>(
    await call(user, 'POST', '/api/campaigns', { ...wizard, ...input }),
    201,
  );
  const campaign = await ok<Campaign>(await call(user, 'PATCH', `/api/campaigns/${created.id}`, settings));
  const ids: Record<string, string> = {};
  for (const lead of leads) {
    ids[lead.name!] = (
      await ok<Lead>(await call(user, 'POST', `/api/campaigns/${campaign.id}/leads`, lead), 201)
    ).id;
  }
  return { campaign, ids };
}

const start = async (user: User, id: string) =>
  ok<Campaign>(await call(user, 'POST', `/api/campaigns/${id}/status`, { action: 'start' }));

async function leadsOf(user: User, id: string): Promise<Record<string, Lead>> {
  const page = await ok<LeadPage>(await call(user, 'GET', `/api/campaigns/${id}/leads`));
  return Object.fromEntries(page.items.map((lead) => [lead.name, lead]));
}

const figuresOf = async (user: User, id: string) =>
  ok<SequenceFigures>(await call(user, 'GET', `/api/campaigns/${id}/sequence`));

const mailTo = (address: string) => smtp.messages.filter((message) => message.rcptTo.includes(address));

async function tasksOf(user: User): Promise<Task[]> {
  return (await ok<TaskPage>(await call(user, 'GET', '/api/tasks?limit=100'))).items;
}

describe('a sequence the twin sends', () => {
  it('sends each step on its day; a reply and an unsubscribe stop it, the touch budget skips a step and says why', async () => {
    const user = await signedInUser(doppel);
    const { login, address, connection } = await withMailbox(user);
    await ok(await call(user, 'PATCH', '/api/settings', { touchesPerWeek: 3 }));
    const { campaign, ids } = await campaignWith(
      user,
      { accountType: 'ai_assistant' },
      {
        followUpSequence: [
          {
            afterDays: 2,
            channel: 'same',
            content: 'template',
            template: 'Hi {name}, following up on my note.',
          },
          { afterDays: 3, channel: 'email', content: 'ai' },
          { afterDays: 4, content: 'template', template: 'A last note for {company}, {name}.' },
        ],
      },
      [
        complete('Maya Chen', 'maya@north.test'),
        complete('Gil Hart', 'gil@south.test'),
        complete('Bo Park', 'bo@east.test'),
        complete('Ann Lee', 'ann@west.test'),
      ],
    );
    expect(campaign.stageConfigs.engagement.account_type).toBe('ai_assistant');

    // Start: the run engages the four leads and the twin sends their first messages itself.
    await start(user, campaign.id);
    await settle(user);
    for (const lead of ['maya@north.test', 'gil@south.test', 'bo@east.test', 'ann@west.test']) {
      expect(mailTo(lead), lead).toHaveLength(1);
    }
    let leads = await leadsOf(user, campaign.id);
    expect(leads['Ann Lee']).toMatchObject({ status: 'contacted', sequence: { step: 1, state: 'waiting' } });
    expect(new Date(leads['Ann Lee']!.sequence!.nextAt!).getTime()).toBe(clock.now().getTime() + 2 * DAY);
    expect((await figuresOf(user, campaign.id)).steps[0]).toMatchObject({ sent: 4, waiting: 0 });
    // The tasks record what went out.
    const firsts = (await tasksOf(user)).filter((task) => task.context.campaignId === campaign.id);
    expect(firsts).toHaveLength(4);
    expect(
      firsts.every((task) => task.status === 'completed' && task.context.delivery?.status === 'sent'),
    ).toBe(true);

    // Bo also gets two Bulk Emails today: three touches, his budget for the week.
    for (const subject of ['Our deck', 'Our numbers']) {
      const bulk = await ok<BulkEmailResult>(
        await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/bulk-email`, {
          leadIds: [ids['Bo Park']],
          subject,
          body: 'For you, {name}.',
        }),
      );
      expect(bulk).toEqual({ queued: 1, skipped: [] });
      await settle(user);
    }
    // A fourth message this week is refused by Bulk Email too, with the reason.
    const fourth = await ok<BulkEmailResult>(
      await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/bulk-email`, {
        leadIds: [ids['Bo Park']],
        subject: 'Again',
        body: 'Again, {name}.',
      }),
    );
    expect(fourth).toEqual({
      queued: 0,
      skipped: [{ leadId: ids['Bo Park'], name: 'Bo Park', reason: 'touch_budget' }],
    });

    // Maya answers the first message by email.
    const toMaya = await simpleParser(mailTo('maya@north.test')[0]!.raw);
    await dovecot.append(
      login,
      [
        `From: Maya Chen <maya@north.test>`,
        `To: ${address}`,
        `Subject: Re: ${toMaya.subject}`,
        `Date: ${clock.now().toUTCString()}`,
        `Message-ID: <reply.${Date.now()}@north.test>`,
        `In-Reply-To: ${toMaya.messageId}`,
        `References: ${toMaya.messageId}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Happy to talk next week.',
      ].join('\r\n'),
    );
    await ok(await call(user, 'POST', `/api/messengers/${connection.id}/sync`));
    // Gil unsubscribes with his mail's one-click link.
    const toGil = await simpleParser(mailTo('gil@south.test')[0]!.raw);
    const oneClick = /<(http[^>]+)>/.exec(
      toGil.headerLines.find((line) => line.key === 'list-unsubscribe')!.line.replace(/\r?\n\s+/g, ' '),
    )![1]!;
    const link = new URL(oneClick);
    expect(
      (await doppel.app.inject({ method: 'POST', url: `${link.pathname}${link.search}` })).statusCode,
    ).toBe(200);
    await settle(user);
    leads = await leadsOf(user, campaign.id);
    expect(leads['Maya Chen']!.sequence).toMatchObject({ state: 'stopped', stopReason: 'replied' });
    expect(leads['Gil Hart']!.sequence).toMatchObject({ state: 'stopped', stopReason: 'unsubscribed' });

    // Day 2: follow-up 1. Ann gets the template filled for her; Bo is over his touch budget.
    await after(user, 2 * DAY);
    expect(mailTo('ann@west.test')).toHaveLength(2);
    expect((await simpleParser(mailTo('ann@west.test')[1]!.raw)).text).toContain(
      'Hi Ann Lee, following up on my note.',
    );
    expect(mailTo('bo@east.test')).toHaveLength(3);
    expect(mailTo('maya@north.test')).toHaveLength(1);
    expect(mailTo('gil@south.test')).toHaveLength(1);
    let figures = await figuresOf(user, campaign.id);
    expect(figures.steps[1]).toMatchObject({ sent: 1, skipped: 1, skippedBy: { touch_budget: 1 } });
    const followUp = (await tasksOf(user)).find(
      (task) => task.context.leadId === ids['Ann Lee'] && task.context.sequenceStep === 1,
    )!;
    expect(followUp).toMatchObject({ status: 'completed', type: 'proactive_message' });

    // Day 5: follow-up 2, an AI draft (the offline engine: the user has no model) — Ann's third
    // touch this week. Bo's three touches are still within the week: skipped again.
    await after(user, 3 * DAY);
    expect(mailTo('ann@west.test')).toHaveLength(3);
    expect(mailTo('bo@east.test')).toHaveLength(3);

    // Day 9: follow-up 3. A week after his touches Bo gets it; Ann's day-0 and day-2 messages
    // are out of the window too.
    await after(user, 4 * DAY);
    expect(mailTo('ann@west.test')).toHaveLength(4);
    expect(mailTo('bo@east.test')).toHaveLength(4);
    expect((await simpleParser(mailTo('bo@east.test')[3]!.raw)).text).toContain(
      'A last note for Park Capital, Bo Park.',
    );

    figures = await figuresOf(user, campaign.id);
    expect(
      figures.steps.map(({ step, sent, skipped, replied }) => ({ step, sent, skipped, replied })),
    ).toEqual([
      { step: 0, sent: 4, skipped: 0, replied: 1 },
      { step: 1, sent: 1, skipped: 1, replied: 0 },
      { step: 2, sent: 1, skipped: 1, replied: 0 },
      { step: 3, sent: 2, skipped: 0, replied: 0 },
    ]);
    expect(figures.stopped).toEqual({ replied: 1, unsubscribed: 1 });
    // Every message the twin sent today counts against the daily limit (the default 25).
    expect(figures).toMatchObject({ sentToday: 2, dailySendLimit: 25 });
    leads = await leadsOf(user, campaign.id);
    expect(leads['Ann Lee']!.sequence).toMatchObject({ state: 'finished', step: 3 });
    expect(leads['Bo Park']!.sequence).toMatchObject({ state: 'finished', step: 3 });
  });

  it('keeps to the daily send limit and sends the rest the next day', async () => {
    const user = await signedInUser(doppel);
    await withMailbox(user);
    const { campaign } = await campaignWith(user, { accountType: 'ai_assistant' }, { dailySendLimit: 2 }, [
      complete('Ida Moss', 'ida@a.test'),
      complete('Jon Reyes', 'jon@b.test'),
      complete('Kai Olsen', 'kai@c.test'),
    ]);
    await start(user, campaign.id);
    await settle(user);
    const sent = () => ['ida@a.test', 'jon@b.test', 'kai@c.test'].filter((to) => mailTo(to).length > 0);
    expect(sent()).toHaveLength(2);
    expect(await figuresOf(user, campaign.id)).toMatchObject({ sentToday: 2, dailySendLimit: 2 });
    // Nothing more today, however often the jobs run.
    await after(user, 60 * 60 * 1000);
    expect(sent()).toHaveLength(2);
    // Tomorrow (UTC) the third goes.
    await after(user, DAY);
    expect(sent()).toHaveLength(3);
  });
});

describe('a sequence the user approves', () => {
  it('makes each step a task when it is due, and moves on when the user sends it', async () => {
    const user = await signedInUser(doppel);
    const { campaign, ids } = await campaignWith(
      user,
      {},
      { followUpSequence: [{ afterDays: 2, content: 'template', template: 'Checking in, {name}.' }] },
      [complete('Lia Stone', 'lia@d.test'), complete('Max Berg', 'max@e.test')],
    );
    await start(user, campaign.id);
    await settle(user);
    // Personal account: nothing goes out on its own; the first messages wait for approval.
    expect(mailTo('lia@d.test')).toHaveLength(0);
    expect((await figuresOf(user, campaign.id)).steps[0]).toMatchObject({ awaitingApproval: 2, sent: 0 });
    const first = (await tasksOf(user)).find((task) => task.context.leadId === ids['Lia Stone'])!;
    // No mailbox: the user sends it by hand and marks it sent.
    await ok(await call(user, 'POST', `/api/tasks/${first.id}/send`, { text: 'Hello Lia.' }));
    await settle(user);
    let leads = await leadsOf(user, campaign.id);
    expect(leads['Lia Stone']!.sequence).toMatchObject({ step: 1, state: 'waiting' });
    expect(leads['Max Berg']!.sequence).toMatchObject({ step: 0, state: 'awaiting_approval' });

    await after(user, 2 * DAY);
    const followUp = (await tasksOf(user)).find(
      (task) => task.context.leadId === ids['Lia Stone'] && task.context.sequenceStep === 1,
    )!;
    expect(followUp).toMatchObject({ status: 'pending', responses: { quick: 'Checking in, Lia Stone.' } });
    leads = await leadsOf(user, campaign.id);
    expect(leads['Lia Stone']!.sequence).toMatchObject({ step: 1, state: 'awaiting_approval' });
    expect((await figuresOf(user, campaign.id)).steps[1]).toMatchObject({ awaitingApproval: 1 });

    await ok(await call(user, 'POST', `/api/tasks/${followUp.id}/send`, { text: 'Checking in, Lia Stone.' }));
    await settle(user);
    expect((await leadsOf(user, campaign.id))['Lia Stone']!.sequence).toMatchObject({
      step: 1,
      state: 'finished',
    });
    expect((await figuresOf(user, campaign.id)).steps[1]).toMatchObject({ sent: 1, awaitingApproval: 0 });
  });

  it('stops when the lead replies on another channel than the one the sequence wrote on', async () => {
    const user = await signedInUser(doppel);
    const { campaign, ids } = await campaignWith(
      user,
      { channels: ['email', 'whatsapp'] },
      {
        followUpSequence: [
          { afterDays: 1, channel: 'whatsapp', content: 'template', template: 'Hi {name}!' },
        ],
      },
      [{ ...complete('Uri Gold', 'uri@k.test'), phone: '+49 151 2345 6789' }],
    );
    await start(user, campaign.id);
    await settle(user);
    const first = (await tasksOf(user)).find((task) => task.context.leadId === ids['Uri Gold'])!;
    expect(first.contact?.source).toBe('email');
    await ok(await call(user, 'POST', `/api/tasks/${first.id}/send`, { text: 'Hello Uri.' }));
    await after(user, DAY);
    // The follow-up goes to Uri's WhatsApp: another contact of the same person.
    const followUp = (await tasksOf(user)).find((task) => task.context.sequenceStep === 1)!;
    expect(followUp.contact).toMatchObject({ source: 'whatsapp', name: 'Uri Gold' });
    // Uri writes on WhatsApp (what messengers state for any inbound message).
    await doppel.ctx.domainEvents.transaction((tx) =>
      doppel.ctx.domainEvents.publish(tx, user, {
        type: 'contact.replied',
        contactId: followUp.contact!.id,
        senderName: 'Uri Gold',
        text: 'Yes, let us talk.',
        at: clock.now().toISOString(),
      }),
    );
    await settle(user);
    expect((await leadsOf(user, campaign.id))['Uri Gold']!.sequence).toMatchObject({
      state: 'stopped',
      stopReason: 'replied',
    });
  });

  it('ends every sequence when the campaign is completed', async () => {
    const user = await signedInUser(doppel);
    const { campaign } = await campaignWith(
      user,
      {},
      { followUpSequence: [{ afterDays: 1, content: 'ai' }] },
      [complete('Noa Vidal', 'noa@f.test')],
    );
    await start(user, campaign.id);
    await settle(user);
    await ok(await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'complete' }));
    expect((await leadsOf(user, campaign.id))['Noa Vidal']!.sequence).toMatchObject({
      state: 'stopped',
      stopReason: 'campaign_ended',
    });
    expect((await figuresOf(user, campaign.id)).stopped).toEqual({ campaign_ended: 1 });
  });
});

describe('the data-quality threshold', () => {
  it('holds leads under it back from outreach, and a lower threshold releases them', async () => {
    const user = await signedInUser(doppel);
    const { campaign, ids } = await campaignWith(user, {}, {}, [
      complete('Ora Quinn', 'ora@g.test'),
      // No company and no LinkedIn: two of the three required fields are missing.
      { name: 'Pia Lund', email: 'pia@h.test' },
    ]);
    expect(campaign.stageConfigs.enrichment.data_quality_threshold).toBe(80);
    await start(user, campaign.id);
    await settle(user);
    let leads = await leadsOf(user, campaign.id);
    expect(leads['Ora Quinn']).toMatchObject({ held: false, dataQuality: 92 });
    expect(leads['Pia Lund']).toMatchObject({ held: true, dataQuality: 31, taskId: null });
    const detail = await ok<Campaign>(await call(user, 'GET', `/api/campaigns/${campaign.id}`));
    // Engagement is done without the held lead, and the run says how many it held.
    expect(detail.stageCompletion.engagement).toBe(true);
    expect(detail.run.notes).toContainEqual(
      expect.objectContaining({ stage: 'engagement', subject: 'quality', outcome: 'held', count: 1 }),
    );
    expect((await figuresOf(user, campaign.id)).held).toBe(1);

    await ok(await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { dataQualityThreshold: 30 }));
    await settle(user);
    leads = await leadsOf(user, campaign.id);
    expect(leads['Pia Lund']!.held).toBe(false);
    expect(leads['Pia Lund']!.taskId).not.toBeNull();
    const tasks = await tasksOf(user);
    expect(tasks.filter((task) => task.context.leadId === ids['Pia Lund'])).toHaveLength(1);
  });

  it('refuses a threshold outside 0–100 and changes nothing', async () => {
    const user = await signedInUser(doppel);
    const { campaign } = await campaignWith(user, {}, {}, []);
    const refused = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, { dataQualityThreshold: 101 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ dataQualityThreshold: 'thresholdRange' });
    const step = await call(user, 'PATCH', `/api/campaigns/${campaign.id}`, {
      followUpSequence: [{ afterDays: 2, content: 'template', template: '  ' }],
    });
    expect(step.statusCode).toBe(400);
    expect(step.json().error.fields).toEqual({ 'followUpSequence.0.template': 'stepTemplateRequired' });
    const after = await ok<Campaign>(await call(user, 'GET', `/api/campaigns/${campaign.id}`));
    expect(after.stageConfigs.enrichment.data_quality_threshold).toBe(80);
    expect(after.stageConfigs.engagement.follow_up_sequence).toEqual([]);
  });
});

describe('a run', () => {
  it('does not make a deleted outreach task again on the next Start', async () => {
    const user = await signedInUser(doppel);
    const { campaign, ids } = await campaignWith(user, {}, {}, [complete('Rex Hale', 'rex@i.test')]);
    await start(user, campaign.id);
    await settle(user);
    const task = (await tasksOf(user)).find((each) => each.context.leadId === ids['Rex Hale'])!;
    await ok(await call(user, 'DELETE', `/api/tasks/${task.id}`));
    await ok(await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'pause' }));
    await start(user, campaign.id);
    await settle(user);
    expect((await tasksOf(user)).filter((each) => each.context.leadId === ids['Rex Hale'])).toHaveLength(0);
  });

  it('runs one slice at a time: a campaign another process is working on waits for it', async () => {
    const user = await signedInUser(doppel);
    const { campaign } = await campaignWith(user, {}, {}, [complete('Sol Ito', 'sol@j.test')]);
    // Another process holds the campaign (its slice started a moment ago).
    await doppel.ctx.db
      .update(campaigns)
      .set({ sliceClaimedAt: clock.now() })
      .where(eq(campaigns.id, campaign.id));
    await start(user, campaign.id);
    await settle(user);
    let detail = await ok<Campaign>(await call(user, 'GET', `/api/campaigns/${campaign.id}`));
    expect(detail.run.notes).toEqual([]);
    // The run waits for the claim to run out, in case that process died.
    const queued = await doppel.ctx.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'campaigns.run'),
          eq(jobs.status, 'queued'),
          sql`${jobs.payload}->>'campaignId' = ${campaign.id}`,
        ),
      );
    expect(queued.map((job) => job.runAt.getTime())).toEqual([clock.now().getTime() + 10 * 60 * 1000]);
    await after(user, 10 * 60 * 1000);
    detail = await ok<Campaign>(await call(user, 'GET', `/api/campaigns/${campaign.id}`));
    expect(detail.stageCompletion).toEqual({ extraction: true, enrichment: true, engagement: true });
  });
});
