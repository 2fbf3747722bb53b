import {
  CONTACT_COUNT_CAP,
  contactBookQuerySchema,
  contactTimelineQuerySchema,
  editContactInputSchema,
  type ContactBookPage,
  type ContactBookQuery,
  type ContactChannel,
  type ContactDetail,
  type ContactSummary,
  type ContactTimelinePage,
  type ContactTimelineQuery,
  type EditContactInput,
} from '@doppel/contracts';
import {
  and,
  asc,
  communicationHistory,
  contactChannels,
  contacts,
  count,
  desc,
  eq,
  or,
  personaProfiles,
  sql,
  tasks,
  type DbOrTx,
} from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { decodeCursor, encodeCursor, invalidCursor } from '../../lib/keyset-cursor';
import { CONTACT_NOT_FOUND } from './contact-commands';
import { toHistoryEntry } from './contact-history';
import { escapeLike } from './list-contacts';

/*
 * The Contacts screen's reads and edits (issue 24, decision 049). The list pages by keyset on
 * (lower(name), id), read straight off contacts_user_lower_name_idx; each row's last contact,
 * open tasks and channels are looked up for that page's rows only.
 */

const PERSONA_NOT_FOUND = 'Persona not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** When a timestamp came back from a raw subquery: a Date or a string, by driver. */
function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

const summaryColumns = {
  id: contacts.id,
  name: contacts.name,
  company: contacts.company,
  language: contacts.language,
  source: contacts.source,
  handle: contacts.handle,
  createdAt: contacts.createdAt,
  personaId: personaProfiles.id,
  personaName: personaProfiles.name,
  lastContactAt: sql<
    Date | string | null
  >`(select max(h.occurred_at) from ${communicationHistory} h where h.contact_id = ${contacts.id})`,
  openTasks: sql<number>`(select count(*)::int from ${tasks} t where t.contact_id = ${contacts.id} and t.status <> 'completed')`,
  otherChannels: sql<
    ContactChannel[]
  >`(select coalesce(json_agg(json_build_object('source', c.source, 'handle', c.handle) order by c.created_at, c.id), '[]'::json) from ${contactChannels} c where c.contact_id = ${contacts.id})`,
};

type SummaryRow = {
  id: string;
  name: string;
  company: string | null;
  language: string;
  source: ContactSummary['source'];
  handle: string | null;
  createdAt: Date;
  personaId: string | null;
  personaName: string | null;
  lastContactAt: Date | string | null;
  openTasks: number;
  /** json: both drivers hand it back parsed. */
  otherChannels: ContactChannel[];
};

function toSummary(row: SummaryRow): ContactSummary {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    language: row.language,
    source: row.source,
    handle: row.handle,
    channels: [{ source: row.source, handle: row.handle }, ...row.otherChannels],
    persona: row.personaId && row.personaName ? { id: row.personaId, name: row.personaName } : null,
    lastContactAt: isoOrNull(row.lastContactAt),
    openTasks: Number(row.openTasks),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Contacts that `q` finds: each of its words starts a word of the name or company (the GIN index
 * on search_words answers it); a `q` of symbols only ("%", "_") is matched as written, by a scan.
 */
function matching(userId: string, q: string | undefined) {
  const own = eq(contacts.userId, userId);
  if (!q) return own;
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (words) {
    // Letters and digits only, so the words cannot be tsquery syntax.
    const query = words.map((word) => `${word}:*`).join(' & ');
    return and(own, sql`${contacts.searchWords} @@ to_tsquery('simple', ${query})`);
  }
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  return and(
    own,
    or(
      sql`lower(${contacts.name}) LIKE ${pattern} ESCAPE '\\'`,
      sql`lower(${contacts.company}) LIKE ${pattern} ESCAPE '\\'`,
    ),
  );
}

/** One page of the user's contacts, alphabetical regardless of case; `q` narrows by name or company. */
export async function listContactBook(
  db: DbOrTx,
  userId: string,
  query: ContactBookQuery,
): Promise<ContactBookPage> {
  const { q, cursor, limit } = contactBookQuerySchema.parse(query);
  const after = cursor ? decodeCursor(cursor, 2) : null;
  if (cursor && (!after || !UUID.test(after[1]!))) throw invalidCursor();
  const filter = matching(userId, q);
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(contacts)
      .leftJoin(
        personaProfiles,
        and(eq(personaProfiles.id, contacts.personaId), eq(personaProfiles.userId, userId)),
      )
      .where(
        and(
          filter,
          after
            ? sql`(lower(${contacts.name}), ${contacts.id}) > (${after[0]}, ${after[1]}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
      .limit(limit + 1),
    // The screen shows how many there are; the pages after the first do not need it again. The
    // count stops past the cap, so 50,000 contacts cost what 1,000 do.
    after
      ? Promise.resolve(null)
      : db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(contacts)
            .where(filter)
            .limit(CONTACT_COUNT_CAP + 1)
            .as('matches'),
        ),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeCursor([last.name.toLowerCase(), last.id]) : null,
    total: counted ? Math.min(counted[0]?.n ?? 0, CONTACT_COUNT_CAP) : null,
    totalCapped: counted ? (counted[0]?.n ?? 0) > CONTACT_COUNT_CAP : false,
  };
}

/** The contact page: the list's row, the notes, and how many messages and tasks it has. */
export async function getContactDetail(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<ContactDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      notes: contacts.notes,
      updatedAt: contacts.updatedAt,
      messageCount: sql<number>`(select count(*)::int from ${communicationHistory} h where h.contact_id = ${contacts.id})`,
      taskCount: sql<number>`(select count(*)::int from ${tasks} t where t.contact_id = ${contacts.id})`,
    })
    .from(contacts)
    .leftJoin(
      personaProfiles,
      and(eq(personaProfiles.id, contacts.personaId), eq(personaProfiles.userId, userId)),
    )
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  if (!row) throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });
  return {
    ...toSummary(row),
    notes: row.notes,
    updatedAt: row.updatedAt.toISOString(),
    messageCount: Number(row.messageCount),
    taskCount: Number(row.taskCount),
  };
}

/** Edits what the contact page edits; a persona must be one of the user's own. */
export async function editContact(
  ctx: AppContext,
  userId: string,
  contactId: string,
  input: EditContactInput,
): Promise<ContactDetail> {
  const data = editContactInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    if (data.personaId) {
      const [persona] = await tx
        .select({ id: personaProfiles.id })
        .from(personaProfiles)
        .where(and(eq(personaProfiles.id, data.personaId), eq(personaProfiles.userId, userId)));
      if (!persona) throw new AppError('not_found', PERSONA_NOT_FOUND, { reason: 'persona_not_found' });
    }
    const [updated] = await tx
      .update(contacts)
      .set({
        ...(data.name !== undefined && { name: data.name }),
        ...(data.company !== undefined && { company: data.company ? data.company : null }),
        ...(data.language !== undefined && { language: data.language }),
        ...(data.notes !== undefined && { notes: data.notes }),
        ...(data.personaId !== undefined && { personaId: data.personaId }),
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
      .returning({ id: contacts.id });
    if (!updated) throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });
    return getContactDetail(tx, userId, contactId);
  });
}

/**
 * Deletes the contact and its conversation (the history rows and merged channels go with it);
 * its tasks and campaign leads stay, without a contact.
 */
export async function deleteContact(ctx: AppContext, userId: string, contactId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0)
    throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });
}

/** The whole conversation with the contact across its channels, newest first. */
export async function contactTimeline(
  db: DbOrTx,
  userId: string,
  contactId: string,
  query: ContactTimelineQuery,
): Promise<ContactTimelinePage> {
  const { cursor, limit } = contactTimelineQuerySchema.parse(query);
  const after = cursor ? decodeCursor(cursor, 1) : null;
  if (cursor && (!after || !UUID.test(after[0]!))) throw invalidCursor();
  const [owner] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  if (!owner) throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });
  // The cursor names the last message shown; its own key, read in the query, keeps the
  // database's microseconds that a timestamp in the cursor would round away.
  const before = after
    ? sql`(${communicationHistory.occurredAt}, ${communicationHistory.createdAt}, ${communicationHistory.id}) < (select m.occurred_at, m.created_at, m.id from ${communicationHistory} m where m.id = ${after[0]}::uuid and m.user_id = ${userId} and m.contact_id = ${contactId})`
    : undefined;
  const rows = await db
    .select()
    .from(communicationHistory)
    .where(
      and(eq(communicationHistory.userId, userId), eq(communicationHistory.contactId, contactId), before),
    )
    .orderBy(
      desc(communicationHistory.occurredAt),
      desc(communicationHistory.createdAt),
      desc(communicationHistory.id),
    )
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toHistoryEntry),
    nextCursor: rows.length > limit && last ? encodeCursor([last.id]) : null,
  };
}
