import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CreateCampaignInput, Lead, LeadStatus } from '@doppel/contracts';
import { campaignLeads, emailSends, eq } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';
import { fillPlaceholders } from './bulk-email';
import { buildFunnel } from './campaign-analytics';
import { callListFileName, csvCell } from './call-list';
import { advanceLeadStatus, statusStamps } from './leads';
import { leadMatchScore } from './match-score';

const clock = new ManualClock(new Date('2031-05-20T15:30:00.000Z'));
let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

const wizard: CreateCampaignInput = {
  goal: 'acquire_customers',
  name: 'Q3 Customers',
  description: 'Mid-size SaaS',
  sources: ['manual_input'],
  targetContactCount: 100,
  tools: ['hunter'],
  channels: ['email', 'phone'],
};

async function setup() {
  const user = await signedInUser(doppel);
  const response = await call(user, 'POST', '/api/campaigns', wizard);
  expect(response.statusCode, response.body).toBe(201);
  return { user, campaign: response.json<Campaign>() };
}

async function addLead(user: User, campaignId: string, body: object): Promise<Lead> {
  const response = await call(user, 'POST', `/api/campaigns/${campaignId}/leads`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Lead>();
}

async function leadRow(id: string) {
  const [row] = await doppel.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.id, id));
  return row!;
}

describe('leads by hand', () => {
  it('are added as manual input with their match score, and listed newest first', async () => {
    const { user, campaign } = await setup();
    const maya = await addLead(user, campaign.id, {
      name: 'Maya Chen',
      company: 'Northwind',
      position: 'CTO',
      email: 'Maya@Example.com',
      phone: '',
      linkedinUrl: 'https://www.linkedin.com/in/maya',
    });
    expect(maya).toMatchObject({
      campaignId: campaign.id,
      name: 'Maya Chen',
      company: 'Northwind',
      position: 'CTO',
      email: 'maya@example.com',
      phone: null,
      status: 'new',
      source: 'manual_input',
      lastContact: null,
      enrichment: {},
      createdAt: clock.now().toISOString(),
    });
    expect(maya.matchScore).toBe(
      leadMatchScore(
        {
          email: 'maya@example.com',
          company: 'Northwind',
          position: 'CTO',
          phone: null,
          linkedinUrl: 'https://www.linkedin.com/in/maya',
        },
        campaign.stageConfigs,
      ),
    );
    expect(maya.matchScore).toBeGreaterThan(80);
    clock.advance(1000);
    const lukas = await addLead(user, campaign.id, { name: 'Lukas Brandt' });
    expect(lukas.matchScore).toBeLessThan(maya.matchScore);

    const page = (await call(user, 'GET', `/api/campaigns/${campaign.id}/leads`)).json();
    expect(page).toMatchObject({ total: 2, page: 1, limit: 100 });
    expect(page.items.map((lead: Lead) => lead.id)).toEqual([lukas.id, maya.id]);
    const campaignNow = (await call(user, 'GET', `/api/campaigns/${campaign.id}`)).json<Campaign>();
    expect(campaignNow.metrics.leads_found).toBe(2);
  });

  it('refuse the same person twice, by email or by name and company', async () => {
    const { user, campaign } = await setup();
    await addLead(user, campaign.id, { name: 'Maya Chen', company: 'Northwind', email: 'maya@example.com' });
    const sameEmail = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads`, {
      name: 'M. Chen',
      email: 'MAYA@example.com',
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toEqual({
      code: 'conflict',
      message: 'This campaign already has a lead with the email maya@example.com.',
      reason: 'lead_duplicate',
    });
    await addLead(user, campaign.id, { name: 'Ann Lee', company: 'Atlas' });
    const sameName = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads`, {
      name: 'ann lee',
      company: 'ATLAS',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.message).toBe('This campaign already has ann lee of ATLAS.');
    // Same name elsewhere is another person.
    await addLead(user, campaign.id, { name: 'Ann Lee', company: 'Spree' });
    expect((await call(user, 'GET', `/api/campaigns/${campaign.id}/leads`)).json().total).toBe(3);
  });

  it('refuse a blank name, a bad email and unknown fields', async () => {
    const { user, campaign } = await setup();
    const url = `/api/campaigns/${campaign.id}/leads`;
    const blank = await call(user, 'POST', url, { name: '  ' });
    expect(blank.json().error.fields).toEqual({ name: 'leadNameRequired' });
    expect((await call(user, 'POST', url, { name: 'A', email: 'nope' })).statusCode).toBe(400);
    expect((await call(user, 'POST', url, { name: 'A', status: 'converted' })).statusCode).toBe(400);
    expect((await call(user, 'GET', url)).json().total).toBe(0);
  });

  it('are filtered by status, searched and paged', async () => {
    const { user, campaign } = await setup();
    const names = ['Alpha One', 'Beta Two', 'Gamma Three', 'Delta Four', 'Epsilon Five'];
    const leads: Lead[] = [];
    for (const name of names) {
      leads.push(await addLead(user, campaign.id, { name, company: `${name.split(' ')[0]} Inc` }));
      clock.advance(1000);
    }
    await call(user, 'PATCH', `/api/campaigns/${campaign.id}/leads/${leads[1]!.id}`, { status: 'responded' });
    const list = async (query: string) => {
      const response = await call(user, 'GET', `/api/campaigns/${campaign.id}/leads?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect((await list('status=responded')).items.map((lead: Lead) => lead.name)).toEqual(['Beta Two']);
    expect((await list('search=GAMMA')).items.map((lead: Lead) => lead.name)).toEqual(['Gamma Three']);
    expect((await list('search=delta%20inc')).items.map((lead: Lead) => lead.name)).toEqual(['Delta Four']);
    const second = await list('page=2&limit=2');
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(second.items.map((lead: Lead) => lead.name)).toEqual(['Gamma Three', 'Beta Two']);
    const tooMany = await call(user, 'GET', `/api/campaigns/${campaign.id}/leads?limit=501`);
    expect(tooMany.statusCode).toBe(400);
  });

  it('are deleted one by one, only through their own campaign', async () => {
    const { user, campaign } = await setup();
    const other = (await call(user, 'POST', '/api/campaigns', { ...wizard, name: 'Other' })).json<Campaign>();
    const lead = await addLead(user, campaign.id, { name: 'Maya' });
    expect((await call(user, 'DELETE', `/api/campaigns/${other.id}/leads/${lead.id}`)).statusCode).toBe(404);
    expect(
      (await call(user, 'PATCH', `/api/campaigns/${other.id}/leads/${lead.id}`, { status: 'contacted' }))
        .statusCode,
    ).toBe(404);
    expect((await call(user, 'DELETE', `/api/campaigns/${campaign.id}/leads/${lead.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await call(user, 'GET', `/api/campaigns/${campaign.id}/leads`)).json().total).toBe(0);
    expect((await call(user, 'DELETE', `/api/campaigns/${campaign.id}/leads/${lead.id}`)).statusCode).toBe(
      404,
    );
  });

  it('cannot be added to a completed campaign', async () => {
    const { user, campaign } = await setup();
    await call(user, 'POST', `/api/campaigns/${campaign.id}/status`, { action: 'cancel' });
    const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads`, { name: 'Late' });
    expect(response.statusCode).toBe(409);
  });
});

describe('lead status', () => {
  it('stamps every step up to the new status the first time it is reached', async () => {
    const { user, campaign } = await setup();
    const lead = await addLead(user, campaign.id, { name: 'Maya' });
    const url = `/api/campaigns/${campaign.id}/leads/${lead.id}`;
    const first = clock.now();
    const qualified = await call(user, 'PATCH', url, { status: 'qualified' });
    expect(qualified.statusCode, qualified.body).toBe(200);
    expect(qualified.json()).toMatchObject({ status: 'qualified', lastContact: null });
    expect(await leadRow(lead.id)).toMatchObject({
      contactedAt: first,
      respondedAt: first,
      qualifiedAt: first,
      convertedAt: null,
    });

    // Minutes, not hours: the access token of the session lives 15 minutes on this clock.
    clock.advance(120_000);
    const second = clock.now();
    await call(user, 'PATCH', url, { status: 'converted' });
    expect(await leadRow(lead.id)).toMatchObject({
      status: 'converted',
      contactedAt: first,
      qualifiedAt: first,
      convertedAt: second,
    });

    // By hand a lead may go back; the steps it reached keep their times.
    clock.advance(120_000);
    const back = await call(user, 'PATCH', url, { status: 'contacted' });
    expect(back.json()).toMatchObject({ status: 'contacted', lastContact: clock.now().toISOString() });
    expect(await leadRow(lead.id)).toMatchObject({ contactedAt: first, convertedAt: second });
    expect((await call(user, 'PATCH', url, { status: 'lost' })).statusCode).toBe(400);
  });

  it('statusStamps leaves reached steps alone and sets the last contact only on contacted', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    const earlier = new Date('2030-01-01T00:00:00Z');
    const none = {
      contactedAt: null,
      respondedAt: null,
      qualifiedAt: null,
      convertedAt: null,
      lastContactAt: null,
    };
    expect(statusStamps(none, 'new', now)).toEqual({});
    expect(statusStamps(none, 'contacted', now)).toEqual({ contactedAt: now, lastContactAt: now });
    expect(statusStamps({ ...none, contactedAt: earlier }, 'responded', now)).toEqual({ respondedAt: now });
    expect(statusStamps(none, 'converted', now)).toEqual({
      contactedAt: now,
      respondedAt: now,
      qualifiedAt: now,
      convertedAt: now,
    });
  });

  it('advanceLeadStatus only moves a lead forward', async () => {
    const { user, campaign } = await setup();
    const lead = await addLead(user, campaign.id, { name: 'Maya' });
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
    const advance = (status: LeadStatus, now: Date) =>
      doppel.ctx.db.transaction((tx) => advanceLeadStatus(tx, user.userId, lead.id, status, now));

    expect(await advance('contacted', at(1))).toMatchObject({
      status: 'contacted',
      contactedAt: at(1),
      lastContactAt: at(1),
    });
    // Asking for an earlier status changes nothing, not even the last contact.
    expect(await advance('new', at(1.5))).toMatchObject({ status: 'contacted', lastContactAt: at(1) });
    expect(await advance('responded', at(2))).toMatchObject({
      status: 'responded',
      contactedAt: at(1),
      respondedAt: at(2),
    });
    // Contacting again does not undo the reply, but it is a contact.
    expect(await advance('contacted', at(3))).toMatchObject({
      status: 'responded',
      contactedAt: at(1),
      lastContactAt: at(3),
    });
    expect(await advance('new', at(4))).toMatchObject({ status: 'responded', respondedAt: at(2) });
    const stranger = await signedInUser(doppel);
    expect(
      await doppel.ctx.db.transaction((tx) =>
        advanceLeadStatus(tx, stranger.userId, lead.id, 'converted', at(5)),
      ),
    ).toBeNull();
    expect((await leadRow(lead.id)).status).toBe('responded');
  });
});

describe('CSV import', () => {
  const csv = [
    'Full Name,Company,Job Title,Email,Notes',
    'Maya Chen,Northwind,CTO,maya@example.com,',
    ',Nobody Inc,,nobody@example.com,',
    'Lukas Brandt,Spree,Principal,not-an-email,',
    '"Rossi, Paolo","Atlas ""Seed""",Partner,paolo@example.com,"likes, commas"',
    'Maya C.,Northwind,,MAYA@example.com,',
    'Ann Lee,Atlas,,,',
  ].join('\n');
  const mapping = { name: 'Full Name', company: 'Company', position: 'Job Title', email: 'Email' };

  it('suggests a column mapping from the header line', async () => {
    const { user, campaign } = await setup();
    const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/csv-headers`, { csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      headers: ['Full Name', 'Company', 'Job Title', 'Email', 'Notes'],
      suggestedMapping: mapping,
    });
    const noName = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/csv-headers`, {
      csv: 'Email\na@example.com\n',
    });
    expect(noName.json()).toEqual({ headers: ['Email'], suggestedMapping: null });
    const broken = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/csv-headers`, {
      csv: '"Name\n',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({ code: 'validation_failed', reason: 'csv_unreadable' });
    // An empty file: the web app words the reason, API clients read the message.
    const empty = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/csv-headers`, {
      csv: '\n\n',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({
      code: 'validation_failed',
      message: 'The file is empty.',
      reason: 'file_empty',
    });
  });

  it('imports good rows, counts duplicates and reports bad rows with their lines', async () => {
    const { user, campaign } = await setup();
    await addLead(user, campaign.id, { name: 'Ann Lee', company: 'Atlas' });
    const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/import`, { csv, mapping });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: 2,
      duplicates: 2,
      rejected: [
        { row: 3, reason: 'Name is empty.', problem: 'empty', field: 'name' },
        {
          row: 4,
          reason: '"not-an-email" is not an email address.',
          problem: 'not_email',
          field: 'email',
          value: 'not-an-email',
        },
      ],
    });
    const leads = (await call(user, 'GET', `/api/campaigns/${campaign.id}/leads`)).json().items as Lead[];
    const imported = leads.filter((lead) => lead.source === 'csv_upload');
    expect(imported.map((lead) => [lead.name, lead.company, lead.email]).sort()).toEqual([
      ['Maya Chen', 'Northwind', 'maya@example.com'],
      ['Rossi, Paolo', 'Atlas "Seed"', 'paolo@example.com'],
    ]);
    expect(imported.every((lead) => lead.matchScore > 0)).toBe(true);

    // Importing the same file again adds nobody.
    const again = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/import`, { csv, mapping });
    expect(again.json()).toMatchObject({ imported: 0, duplicates: 4 });
  });

  it('stores nothing from a file it cannot read', async () => {
    const { user, campaign } = await setup();
    const url = `/api/campaigns/${campaign.id}/leads/import`;
    const unbalanced = await call(user, 'POST', url, {
      csv: 'Full Name\nGood Row\n"Broken, row\n',
      mapping: { name: 'Full Name' },
    });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().error.code).toBe('validation_failed');
    expect(unbalanced.json().error.message).toMatch(/quote/i);
    expect(unbalanced.json().error.reason).toBe('csv_unreadable');
    const missing = await call(user, 'POST', url, { csv, mapping: { name: 'Full Name', phone: 'Phone' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      message: 'The file has no column "Phone".',
      reason: 'csv_column_missing',
    });
    const noName = await call(user, 'POST', url, { csv, mapping: { email: 'Email' } });
    expect(noName.statusCode).toBe(400);
    const unknownField = await call(user, 'POST', url, {
      csv,
      mapping: { name: 'Full Name', salary: 'Notes' },
    });
    expect(unknownField.statusCode).toBe(400);
    expect((await call(user, 'GET', `/api/campaigns/${campaign.id}/leads`)).json().total).toBe(0);
  });

  it('accepts files larger than the default body limit', async () => {
    const { user, campaign } = await setup();
    const padding = 'x'.repeat(400);
    const rows = Array.from({ length: 3000 }, (_, index) => `Person ${index},${padding}`);
    const big = ['Name,Notes', ...rows].join('\n');
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/import`, {
      csv: big,
      mapping: { name: 'Name' },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json()).toMatchObject({ imported: 3000, duplicates: 0, rejected: [] });
  });
});

describe('bulk email', () => {
  // What Bulk Email queued for the user (sent from their mailbox: campaign-email.routes.test.ts).
  async function queuedFor(userId: string) {
    return doppel.ctx.db.select().from(emailSends).where(eq(emailSends.userId, userId));
  }

  it('fills the placeholders', () => {
    expect(
      fillPlaceholders('Hi {name} of {company} ({position}) {unknown}', {
        name: 'Maya',
        company: null,
        position: 'CTO',
      }),
    ).toBe('Hi Maya of  (CTO) {unknown}');
  });

  it('needs the user’s mailbox: without one nothing is queued and no lead is contacted', async () => {
    const { user, campaign } = await setup();
    const maya = await addLead(user, campaign.id, { name: 'Maya Chen', email: 'maya@example.com' });
    const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/bulk-email`, {
      leadIds: [maya.id],
      subject: 'Hello {name}',
      body: 'Dear {name}',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('mailbox_required');
    expect(await queuedFor(user.userId)).toEqual([]);
    expect(await leadRow(maya.id)).toMatchObject({ status: 'new', contactedAt: null });
  });

  it('sends nothing when a chosen lead is not this campaign’s', async () => {
    const { user, campaign } = await setup();
    const mine = await addLead(user, campaign.id, { name: 'Maya', email: 'maya@example.com' });
    const other = await setup();
    const theirs = await addLead(other.user, other.campaign.id, { name: 'Theirs', email: 't@example.com' });
    const sameUserOther = (
      await call(user, 'POST', '/api/campaigns', { ...wizard, name: 'Second' })
    ).json<Campaign>();
    const elsewhere = await addLead(user, sameUserOther.id, { name: 'Elsewhere', email: 'e@example.com' });
    for (const foreign of [theirs.id, elsewhere.id]) {
      const response = await call(user, 'POST', `/api/campaigns/${campaign.id}/leads/bulk-email`, {
        leadIds: [mine.id, foreign],
        subject: 'Hi',
        body: 'Hello',
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await queuedFor(user.userId)).toEqual([]);
    expect((await leadRow(mine.id)).status).toBe('new');
  });

  it('refuses an empty selection, a blank subject and demo sandboxes', async () => {
    const { user, campaign } = await setup();
    const lead = await addLead(user, campaign.id, { name: 'Maya', email: 'maya@example.com' });
    const url = `/api/campaigns/${campaign.id}/leads/bulk-email`;
    expect((await call(user, 'POST', url, { leadIds: [], subject: 's', body: 'b' })).statusCode).toBe(400);
    expect((await call(user, 'POST', url, { leadIds: [lead.id], subject: ' ', body: 'b' })).statusCode).toBe(
      400,
    );
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: '10.77.1.2' });
    const token = demo.json<{ accessToken: string }>().accessToken;
    const refused = await doppel.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: { leadIds: [lead.id], subject: 's', body: 'b' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('demo_restricted');
    expect(await queuedFor(user.userId)).toEqual([]);
  });
});

describe('call list', () => {
  it('escapes cells and neutralises spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(87)).toBe('87');
    expect(csvCell('Chen, Maya')).toBe('"Chen, Maya"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('names the file after the campaign title', () => {
    expect(callListFileName('Q3 Customers: Manual Input → Hunter.io → Email')).toEqual({
      ascii: 'Q3 Customers - call list.csv',
      utf8: 'Q3 Customers - call list.csv',
    });
    expect(callListFileName('Инвесторы/"2031"')).toEqual({
      ascii: '__2031_ - call list.csv',
      utf8: 'Инвесторы_2031_ - call list.csv',
    });
    expect(callListFileName(': no title').utf8).toBe('campaign - call list.csv');
  });

  it('downloads every lead as CSV, those with a phone first', async () => {
    const { user, campaign } = await setup();
    await addLead(user, campaign.id, { name: 'No Phone', company: 'Acme, Inc.', email: 'np@example.com' });
    const evil = await addLead(user, campaign.id, {
      name: '=HYPERLINK("http://evil.example")',
      company: '@risk',
      position: '-CFO',
      phone: '+1 555 0101',
      email: 'evil@example.com',
    });
    const withPhone = await addLead(user, campaign.id, { name: 'Has Phone', phone: '555 0102' });
    await call(user, 'PATCH', `/api/campaigns/${campaign.id}/leads/${withPhone.id}`, { status: 'qualified' });

    const response = await call(user, 'GET', `/api/campaigns/${campaign.id}/leads/call-list.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Q3 Customers - call list.csv"; filename*=UTF-8''${encodeURIComponent(
        'Q3 Customers - call list.csv',
      )}`,
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('name,company,position,phone,email,status,match');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    const phoneFirst = lines.slice(1, 3);
    expect(phoneFirst).toContain(
      `"'=HYPERLINK(""http://evil.example"")",'@risk,'-CFO,'+1 555 0101,evil@example.com,new,${evil.matchScore}`,
    );
    expect(phoneFirst.some((line) => line.startsWith('Has Phone,,,555 0102,,qualified,'))).toBe(true);
    expect(lines[3]).toMatch(/^No Phone,"Acme, Inc\.",,,np@example\.com,new,\d+$/);
  });
});

describe('analytics', () => {
  const DAY = 86_400_000;

  it('builds the funnel with each step’s rate of the one before', () => {
    expect(buildFunnel({ found: 10, contacted: 8, responded: 3, qualified: 0, converted: 0 })).toEqual([
      { stage: 'found', count: 10, conversionRate: null },
      { stage: 'contacted', count: 8, conversionRate: 80 },
      { stage: 'responded', count: 3, conversionRate: 37.5 },
      { stage: 'qualified', count: 0, conversionRate: 0 },
      { stage: 'converted', count: 0, conversionRate: 0 },
    ]);
  });

  it('counts leads found and contacted per day and the funnel', async () => {
    const { user, campaign } = await setup();
    const today = new Date(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
    const day = (offset: number, hour = 10) => new Date(today.getTime() + offset * DAY + hour * 3_600_000);
    const seeds: Array<{ created: Date; contacted?: Date; status: LeadStatus }> = [
      { created: day(-3, 0), contacted: day(-2), status: 'converted' },
      { created: day(-3, 23), contacted: day(-2), status: 'qualified' },
      { created: day(-3), contacted: day(0), status: 'responded' },
      { created: day(-1), contacted: day(0), status: 'contacted' },
      { created: day(-1), status: 'new' },
      { created: day(0), status: 'new' },
    ];
    await doppel.ctx.db.insert(campaignLeads).values(
      seeds.map((seed, index) => ({
        userId: user.userId,
        campaignId: campaign.id,
        name: `Lead ${index}`,
        source: 'manual_input' as const,
        status: seed.status,
        createdAt: seed.created,
        contactedAt: seed.contacted ?? null,
      })),
    );
    await doppel.ctx.events.caughtUp();
    const response = await call(user, 'GET', `/api/campaigns/${campaign.id}/analytics`);
    expect(response.statusCode, response.body).toBe(200);
    const date = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
    expect(response.json()).toEqual({
      leadsOverTime: [
        { date: date(-3), found: 3, contacted: 0 },
        { date: date(-2), found: 0, contacted: 2 },
        { date: date(-1), found: 2, contacted: 0 },
        { date: date(0), found: 1, contacted: 2 },
      ],
      funnel: [
        { stage: 'found', count: 6, conversionRate: null },
        { stage: 'contacted', count: 4, conversionRate: 66.7 },
        { stage: 'responded', count: 3, conversionRate: 75 },
        { stage: 'qualified', count: 2, conversionRate: 66.7 },
        { stage: 'converted', count: 1, conversionRate: 50 },
      ],
    });
  });

  it('shows at most the last 90 days, and nothing before the first lead', async () => {
    const { user, campaign } = await setup();
    const empty = (await call(user, 'GET', `/api/campaigns/${campaign.id}/analytics`)).json();
    expect(empty.leadsOverTime).toEqual([]);
    expect(empty.funnel.map((step: { conversionRate: number | null }) => step.conversionRate)).toEqual([
      null,
      0,
      0,
      0,
      0,
    ]);
    await doppel.ctx.db.insert(campaignLeads).values({
      userId: user.userId,
      campaignId: campaign.id,
      name: 'Old',
      source: 'manual_input',
      createdAt: new Date(clock.now().getTime() - 200 * DAY),
    });
    // Written behind the app's back: its cached reads learn of it through the change feed.
    await doppel.ctx.events.caughtUp();
    const old = (await call(user, 'GET', `/api/campaigns/${campaign.id}/analytics`)).json();
    expect(old.leadsOverTime).toHaveLength(90);
    expect(old.leadsOverTime.at(-1)).toEqual({
      date: clock.now().toISOString().slice(0, 10),
      found: 0,
      contacted: 0,
    });
    expect(old.leadsOverTime.every((point: { found: number }) => point.found === 0)).toBe(true);
    expect(old.funnel[0]).toEqual({ stage: 'found', count: 1, conversionRate: null });
  });
});

describe('cached reads', () => {
  it('serve a repeated read from memory, and follow a change made outside the routes', async () => {
    const { user, campaign } = await setup();
    const lead = await addLead(user, campaign.id, { name: 'Cai Wen', company: 'Lumen' });
    const read = async () =>
      (await call(user, 'GET', `/api/campaigns/${campaign.id}/leads`)).json<{ items: Lead[] }>();
    expect((await read()).items.map((item) => item.status)).toEqual(['new']);
    // A run job, another process or a cascade writes straight to the table: the database's
    // change event drops the cached answer.
    await doppel.ctx.db
      .update(campaignLeads)
      .set({ status: 'qualified' })
      .where(eq(campaignLeads.id, lead.id));
    await expect.poll(async () => (await read()).items.map((item) => item.status)).toEqual(['qualified']);
    const funnel = (await call(user, 'GET', `/api/campaigns/${campaign.id}/analytics`)).json<{
      funnel: Array<{ count: number }>;
    }>().funnel;
    expect(funnel[0]!.count).toBe(1);
  });

  it('show a write through the routes at once', async () => {
    const { user, campaign } = await setup();
    const before = (await call(user, 'GET', `/api/campaigns/${campaign.id}`)).json<Campaign>();
    expect(before.metrics.leads_found).toBe(0);
    await addLead(user, campaign.id, { name: 'Dana Ruiz' });
    const after = (await call(user, 'GET', `/api/campaigns/${campaign.id}`)).json<Campaign>();
    expect(after.metrics.leads_found).toBe(1);
  });
});
