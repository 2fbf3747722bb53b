import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/*
 * Migrations that change or act on existing data, run on a database made by the migrations
 * before them. 0022 (issue 23): every real account's made-up "Pro Plan" at $29 becomes the
 * self-hosted plan with the quota it had, a demo sandbox keeps its sample plan, and the oldest
 * real account becomes the instance's owner. 0024 (issue 27): the key-phrase backfill is queued
 * once for every user with processed documents. 0025 (issue 24): a free-text assignee becomes
 * the user, and a contact that has written gets the twin's persona.
 */

const BEFORE = '0022_accounts_plans_preferences';

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'doppel-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const client = new PGlite();
const later = new PGlite();
const contactsScreen = new PGlite();
const folders: string[] = [];
afterAll(async () => {
  await client.close();
  await later.close();
  await contactsScreen.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0022 on an existing instance', () => {
  it('turns made-up plans into the self-hosted plan and makes the oldest real account the owner', async () => {
    const db = drizzle({ client });
    const older = migrationsBefore(BEFORE);
    folders.push(older);
    await migrate(db, { migrationsFolder: older });

    await client.exec(`
      insert into users (id, email, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'first@example.com', '2025-01-01'),
        ('00000000-0000-4000-8000-000000000002', 'second@example.com', '2025-02-01');
      insert into users (id, email, is_demo, demo_expires_at, created_at) values
        ('00000000-0000-4000-8000-000000000003', 'demo@demo.doppel', true, now() + interval '1 day', '2024-12-01');
      insert into subscriptions (user_id, plan_name, price_cents, currency, billing_period,
        annual_discount_percent, token_quota, status, next_billing_date, payment_method)
      select id, 'Pro Plan', 2900, 'USD', 'monthly', 20,
        case when email = 'second@example.com' then 250000 else 1000000 end,
        'active', '2025-03-01', case when is_demo then 'Visa •••• 4242' end
      from users;
      insert into user_settings (user_id, notifications, ai_preferences)
      select id, '{"email":true,"push":false,"telegram":false,"whatsapp":false}', '{}' from users;
    `);

    await migrate(db, { migrationsFolder });

    const plans = await client.query<Record<string, unknown>>(`
      select u.email, s.kind, s.plan_name, s.price_cents, s.currency, s.next_billing_date::text as next_billing_date,
        s.payment_method, s.token_quota, u.is_instance_owner
      from subscriptions s join users u on u.id = s.user_id order by u.email`);
    expect(plans.rows).toEqual([
      {
        email: 'demo@demo.doppel',
        kind: 'sample',
        plan_name: 'Pro Plan',
        price_cents: 2900,
        currency: 'USD',
        next_billing_date: '2025-03-01',
        payment_method: 'Visa •••• 4242',
        token_quota: 1_000_000,
        is_instance_owner: false,
      },
      {
        email: 'first@example.com',
        kind: 'self_hosted',
        plan_name: 'Self-hosted',
        price_cents: null,
        currency: null,
        next_billing_date: null,
        payment_method: null,
        token_quota: 1_000_000,
        is_instance_owner: true,
      },
      {
        email: 'second@example.com',
        kind: 'self_hosted',
        plan_name: 'Self-hosted',
        price_cents: null,
        currency: null,
        next_billing_date: null,
        payment_method: null,
        token_quota: 250_000,
        is_instance_owner: false,
      },
    ]);
    const settings = await client.query<{ digest: string }>(
      `select notifications->>'emailDigest' as digest from user_settings`,
    );
    expect(settings.rows.map((row) => row.digest)).toEqual(['daily', 'daily', 'daily']);
    const instance = await client.query(`select default_token_quota from instance_settings`);
    expect(instance.rows).toEqual([{ default_token_quota: 1_000_000 }]);
  });
});

describe('migration 0024 on an instance with documents', () => {
  it('queues one key-phrase backfill per user with processed documents', async () => {
    const db = drizzle({ client: later });
    const older = migrationsBefore('0024_reanalyse_topics');
    folders.push(older);
    await migrate(db, { migrationsFolder: older });
    await later.exec(`
      insert into users (id, email) values
        ('00000000-0000-4000-8000-000000000011', 'writer@example.com'),
        ('00000000-0000-4000-8000-000000000012', 'pending@example.com');
      insert into documents (user_id, name, category, type, status, content, key_topics)
      values
        ('00000000-0000-4000-8000-000000000011', 'Pilot pricing rules', 'thoughts', 'thought', 'processed', 'Pilots are paid.', '["pilot","pilots","always"]'),
        ('00000000-0000-4000-8000-000000000011', 'Second note', 'thoughts', 'thought', 'processed', 'More pilots.', '["pilots"]'),
        ('00000000-0000-4000-8000-000000000012', 'Not read yet', 'thoughts', 'thought', 'processing', 'Waiting.', '[]');
    `);

    await migrate(db, { migrationsFolder });

    const queued = await later.query<{ kind: string; user_id: string; before: string; status: string }>(`
      select kind, payload->>'userId' as user_id, payload->>'before' as before, status from jobs
      where kind = 'knowledge.reanalyse-topics'`);
    expect(queued.rows).toEqual([
      {
        kind: 'knowledge.reanalyse-topics',
        user_id: '00000000-0000-4000-8000-000000000011',
        before: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        status: 'queued',
      },
    ]);
    expect(Number.isNaN(new Date(queued.rows[0]!.before).getTime())).toBe(false);
  });
});

describe('migration 0025 on an instance with tasks and contacts', () => {
  it('makes free-text assignees the user and gives contacts that wrote the twin’s persona', async () => {
    const db = drizzle({ client: contactsScreen });
    const older = migrationsBefore('0025_contacts_screen');
    folders.push(older);
    await migrate(db, { migrationsFolder: older });
    const user = '00000000-0000-4000-8000-000000000021';
    await contactsScreen.exec(`
      insert into users (id, email) values ('${user}', 'owner@example.com');
      insert into persona_profiles (id, user_id, name, twin_voice, created_at) values
        ('00000000-0000-4000-8000-0000000000a1', '${user}', 'Oldest', false, '2025-01-01'),
        ('00000000-0000-4000-8000-0000000000a2', '${user}', 'Twin voice', true, '2025-02-01'),
        ('00000000-0000-4000-8000-0000000000a3', '${user}', 'Campaign persona', false, '2025-03-01');
      insert into contacts (id, user_id, name, source, persona_id) values
        ('00000000-0000-4000-8000-0000000000c1', '${user}', 'Wrote, no persona', 'telegram', null),
        ('00000000-0000-4000-8000-0000000000c2', '${user}', 'Wrote, has persona', 'email', '00000000-0000-4000-8000-0000000000a3'),
        ('00000000-0000-4000-8000-0000000000c3', '${user}', 'Only written to', 'email', null);
      insert into communication_history (user_id, contact_id, direction, channel, text, delivery_status) values
        ('${user}', '00000000-0000-4000-8000-0000000000c1', 'inbound', 'telegram', 'Hi', 'received'),
        ('${user}', '00000000-0000-4000-8000-0000000000c2', 'inbound', 'email', 'Hello', 'received'),
        ('${user}', '00000000-0000-4000-8000-0000000000c3', 'outbound', 'email', 'Cold mail', 'sent');
      insert into tasks (user_id, type, title, priority, assignee) values
        ('${user}', 'message_reply', 'Named someone', 'high', 'Alice from sales'),
        ('${user}', 'message_reply', 'The twin', 'high', 'twin'),
        ('${user}', 'message_reply', 'Nobody', 'high', null);
    `);

    await migrate(db, { migrationsFolder });

    const assignees = await contactsScreen.query<{ title: string; assignee: string | null }>(
      'select title, assignee from tasks order by title',
    );
    expect(assignees.rows).toEqual([
      { title: 'Named someone', assignee: 'user' },
      { title: 'Nobody', assignee: null },
      { title: 'The twin', assignee: 'twin' },
    ]);
    const personas = await contactsScreen.query<{ name: string; persona_id: string | null }>(
      'select name, persona_id from contacts order by name',
    );
    expect(personas.rows).toEqual([
      { name: 'Only written to', persona_id: null },
      { name: 'Wrote, has persona', persona_id: '00000000-0000-4000-8000-0000000000a3' },
      { name: 'Wrote, no persona', persona_id: '00000000-0000-4000-8000-0000000000a2' },
    ]);
  });
});
