import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_COUNT_CAP,
  leadStatuses,
  type Campaign,
  type CreateCampaignInput,
  type LeadPage,
} from '@doppel/contracts';
import { campaignLeads, sql } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { queryPlan } from '../../test-support/query-plan';
import { createTestApp, signedInUser } from '../../test-support/test-app';
import { leadPageQuery } from './leads';

/*
 * The Leads tab pages by cursor (keyset on created_at, id): every page is a seek on the
 * campaign's index, so a deep page costs what the first does, and rows created in the same
 * instant are neither skipped nor repeated.
 */

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const get = (user: User, url: string) =>
  doppel.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.accessToken}` } });

const wizard: CreateCampaignInput = {
  goal: 'acquire_customers',
  name: 'Q3 Customers',
  description: 'Mid-size SaaS',
  sources: ['manual_input'],
  targetContactCount: 100,
  tools: ['hunter'],
  channels: ['email'],
};

async function newCampaign(user: User): Promise<string> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    payload: wizard,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Campaign>().id;
}

interface Seed {
  name: string;
  /** The exact creation time, to the microsecond. */
  at: string;
  company?: string;
  status?: (typeof leadStatuses)[number];
}

/** Leads written straight to the table, at creation times a JavaScript Date cannot hold. */
async function seed(user: User, campaignId: string, leads: Seed[]) {
  const rows = await doppel.ctx.db
    .insert(campaignLeads)
    .values(
      leads.map((lead) => ({
        userId: user.userId,
        campaignId,
        name: lead.name,
        company: lead.company ?? null,
        status: lead.status ?? 'new',
        source: 'manual_input' as const,
        createdAt: sql`${lead.at}::timestamptz`,
      })),
    )
    .returning({ id: campaignLeads.id, name: campaignLeads.name });
  return rows.map((row, n) => ({ ...row, at: leads[n]!.at }));
}

/** Newest first, the larger id first among leads created in the same instant. */
function newestFirst<T extends { id: string; at: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
}

/** Every page of the list, `limit` at a time, by following nextCursor. */
async function walk(user: User, campaignId: string, query: string, limit: number) {
  const pages: LeadPage[] = [];
  let cursor: string | null = null;
  do {
    const url = `/api/campaigns/${campaignId}/leads?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await get(user, url);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<LeadPage>();
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

const instant = '2031-05-01T10:00:00.123456Z';
const sameMillisecondLater = '2031-05-01T10:00:00.123457Z';
const sameMillisecondEarlier = '2031-05-01T10:00:00.123455Z';

describe('the Leads tab by cursor', () => {
  it('walks every lead once, newest first, with leads of the same instant split across pages', async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const campaignId = await newCampaign(user);
    const otherCampaign = await newCampaign(user);
    const strangersCampaign = await newCampaign(stranger);
    const leads = await seed(user, campaignId, [
      { name: 'Newest', at: '2031-05-01T10:00:05.000000Z' },
      { name: 'Newer', at: '2031-05-01T10:00:04.000000Z' },
      { name: 'Micro later', at: sameMillisecondLater },
      { name: 'Tie one', at: instant },
      { name: 'Tie two', at: instant },
      { name: 'Tie three', at: instant },
      { name: 'Micro earlier', at: sameMillisecondEarlier },
      { name: 'Oldest', at: '2031-04-01T09:00:00.000000Z' },
    ]);
    // Leads of the same instants elsewhere: another campaign of the user's, another user's.
    await seed(user, otherCampaign, [{ name: 'Other campaign', at: instant }]);
    await seed(stranger, strangersCampaign, [{ name: 'Stranger', at: instant }]);

    const expected = newestFirst(leads).map((lead) => lead.name);
    for (const limit of [1, 2, 3]) {
      const pages = await walk(user, campaignId, '', limit);
      expect(
        pages.flatMap((page) => page.items.map((lead) => lead.name)),
        `limit ${limit}`,
      ).toEqual(expected);
      expect(pages[0]).toMatchObject({ total: 8, totalCapped: false, page: 1 });
      // The pages after the first do not count again.
      for (const later of pages.slice(1)) expect(later).toMatchObject({ total: null, page: null });
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    // The stranger reaches neither the campaign nor its leads, with or without a cursor.
    const first = (await get(user, `/api/campaigns/${campaignId}/leads?limit=2`)).json<LeadPage>();
    const theirs = await get(stranger, `/api/campaigns/${campaignId}/leads?cursor=${first.nextCursor}`);
    expect(theirs.statusCode).toBe(404);
  });

  it('keeps the status filter and the search on every page', async () => {
    const user = await signedInUser(doppel);
    const campaignId = await newCampaign(user);
    const leads = await seed(
      user,
      campaignId,
      Array.from({ length: 12 }, (_, n) => ({
        name: `Lead ${n}`,
        company: n % 2 ? 'Acme Robotics' : 'Globex',
        status: n % 3 ? ('qualified' as const) : ('new' as const),
        // Three leads in each instant.
        at: `2031-05-01T10:00:0${Math.floor(n / 3)}.000001Z`,
      })),
    );
    const qualifiedAcme = newestFirst(
      leads.filter((_, n) => n % 2 === 1 && n % 3 !== 0),
    ).map((lead) => lead.name);
    const pages = await walk(user, campaignId, '&status=qualified&search=acme', 1);
    expect(pages.flatMap((page) => page.items.map((lead) => lead.name))).toEqual(qualifiedAcme);
    expect(pages[0]!.total).toBe(qualifiedAcme.length);

    // A page number with a cursor is ignored: the cursor says where the page starts.
    const second = (await walk(user, campaignId, '&search=acme', 2))[1]!;
    const cursor = (await get(user, `/api/campaigns/${campaignId}/leads?limit=2&search=acme`)).json<LeadPage>()
      .nextCursor;
    const withPage = await get(user, `/api/campaigns/${campaignId}/leads?limit=2&search=acme&page=5&cursor=${cursor}`);
    expect(withPage.json<LeadPage>().items).toEqual(second.items);
  });

  it('refuses a cursor it did not give out, and the list stays as it was', async () => {
    const user = await signedInUser(doppel);
    const campaignId = await newCampaign(user);
    await seed(user, campaignId, [
      { name: 'Ada', at: instant },
      { name: 'Ben', at: sameMillisecondLater },
    ]);
    const url = `/api/campaigns/${campaignId}/leads`;
    const before = (await get(user, url)).json<LeadPage>();
    const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of [
      'garbage',
      encode(['2031-05-01T10:00:00.123Z', '00000000-0000-4000-8000-000000000000']),
      encode([instant, 'not-a-uuid']),
      encode(['yesterday', '00000000-0000-4000-8000-000000000000']),
      encode([instant]),
      encode([1, 2]),
    ]) {
      const response = await get(user, `${url}?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.reason).toBe('list_cursor_invalid');
    }
    expect((await get(user, url)).json<LeadPage>()).toEqual(before);
  });
});

describe('a campaign of more than 10,000 leads', () => {
  let user: User;
  let campaignId: string;
  beforeAll(async () => {
    user = await signedInUser(doppel);
    campaignId = await newCampaign(user);
    const start = Date.parse('2031-01-01T00:00:00Z');
    for (let from = 0; from < LEAD_COUNT_CAP + 2; from += 2000) {
      await doppel.ctx.db.insert(campaignLeads).values(
        Array.from({ length: Math.min(2000, LEAD_COUNT_CAP + 2 - from) }, (_, i) => {
          const n = from + i;
          return {
            userId: user.userId,
            campaignId,
            name: `Lead ${n}`,
            company: `Company ${n % 500}`,
            status: leadStatuses[n % leadStatuses.length]!,
            source: 'csv_upload' as const,
            createdAt: new Date(start + n * 60_000),
          };
        }),
      );
    }
    // What the server's housekeeping (and PostgreSQL's autovacuum) does after a large import.
    await doppel.ctx.db.execute(sql`analyze campaign_leads`);
  }, 120_000);

  it('counts up to 10,000 and says there are more; a narrower filter is counted exactly', async () => {
    const all = (await get(user, `/api/campaigns/${campaignId}/leads?limit=1`)).json<LeadPage>();
    expect(all).toMatchObject({ total: LEAD_COUNT_CAP, totalCapped: true });
    const qualified = (await get(user, `/api/campaigns/${campaignId}/leads?limit=1&status=qualified`)).json<LeadPage>();
    expect(qualified).toMatchObject({ total: 2000, totalCapped: false });
  });

  it('reads a deep page off the campaign’s index, without sorting the leads', async () => {
    // The key of a lead deep in the list, as a cursor names it.
    const after = { createdAt: '2031-01-04T00:00:00.000000Z', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
    const page = { after, offset: 0, limit: 50 };
    const plans = {
      all: await queryPlan(doppel.ctx.db, leadPageQuery(doppel.ctx.db, user.userId, campaignId, page)),
      status: await queryPlan(
        doppel.ctx.db,
        leadPageQuery(doppel.ctx.db, user.userId, campaignId, { ...page, status: 'qualified' }),
      ),
      // A search most leads match, where deep pages exist. One that few match may be planned as
      // a read of the campaign's leads and a sort of the matches: what the search cost before.
      search: await queryPlan(
        doppel.ctx.db,
        leadPageQuery(doppel.ctx.db, user.userId, campaignId, { ...page, search: 'company' }),
      ),
    };
    expect(plans.all).toContain('campaign_leads_campaign_idx');
    expect(plans.status).toContain('campaign_leads_campaign_status_idx');
    expect(plans.search).toContain('campaign_leads_campaign_idx');
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).not.toMatch(/Sort|Seq Scan/);
    }
  });
});
