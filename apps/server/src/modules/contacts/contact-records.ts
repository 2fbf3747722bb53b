import type { ContactSource } from '@doppel/contracts';
import {
  and,
  asc,
  communicationHistory,
  contactChannels,
  contacts,
  eq,
  inArray,
  personaProfiles,
  sql,
  type DbOrTx,
} from '@doppel/db';
import type { Actor } from '../../lib/actor';

/*
 * The contacts module owns the contacts table and every contact's history: other modules find,
 * create and record through these functions, inside their own transaction.
 */

/** How a contact is recognised: by its handle on a channel, or by its name (any channel). */
export type ContactMatch = { source: ContactSource; handle: string } | { name: string };

export interface NewContact {
  name: string;
  company?: string | null;
  language: string;
  source: ContactSource;
  handle?: string | null;
  personaId?: string | null;
}

function contactRow(actor: Pick<Actor, 'userId'>, contact: NewContact, now: Date) {
  return {
    userId: actor.userId,
    personaId: contact.personaId ?? null,
    name: contact.name,
    company: contact.company ?? null,
    language: contact.language,
    source: contact.source,
    handle: contact.handle ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

export interface FoundContact {
  id: string;
  language: string;
  created: boolean;
}

/**
 * The persona the twin speaks with: the user's twin voice, else their oldest persona (as
 * personas' twinVoiceId reads it; read here, as the contacts module may not use personas).
 */
function twinPersonaId(userId: string) {
  return sql<
    string | null
  >`(select p.id from ${personaProfiles} p where p.user_id = ${userId} order by p.twin_voice desc, p.created_at asc, p.id asc limit 1)`;
}

async function knownContact(tx: DbOrTx, userId: string, match: ContactMatch) {
  const columns = { id: contacts.id, language: contacts.language, personaId: contacts.personaId };
  const [known] = await tx
    .select(columns)
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        'handle' in match
          ? and(eq(contacts.source, match.source), eq(contacts.handle, match.handle))
          : sql`lower(${contacts.name}) = ${match.name.toLowerCase()}`,
      ),
    )
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  if (known || !('handle' in match)) return known;
  // A channel a merge brought to another contact (contact_channels) is that contact's.
  const [merged] = await tx
    .select(columns)
    .from(contactChannels)
    .innerJoin(contacts, eq(contacts.id, contactChannels.contactId))
    .where(
      and(
        eq(contactChannels.userId, userId),
        eq(contactChannels.source, match.source),
        eq(contactChannels.handle, match.handle),
      ),
    )
    .limit(1);
  return merged;
}

/**
 * The user's contact that `match` names — the oldest, should there be several; a channel merged
 * into a contact names that contact — updated with `update` when given; else a new contact made
 * of `create`. `match` null always creates. `wrote`: the contact wrote to the user, so one that
 * has no persona yet gets the twin's (its persona's counts then include it).
 */
export async function findOrCreateContact(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  request: {
    match: ContactMatch | null;
    create: NewContact;
    update?: { language?: string; company?: string | null };
    wrote?: boolean;
    now: Date;
  },
): Promise<FoundContact> {
  const { userId } = actor;
  const { match, create, update, wrote = false, now } = request;
  const known = match ? await knownContact(tx, userId, match) : undefined;
  if (known) {
    const changes: {
      language?: string;
      company?: string | null;
      personaId?: ReturnType<typeof twinPersonaId>;
    } = Object.fromEntries(Object.entries(update ?? {}).filter(([, value]) => value !== undefined));
    if (changes.language === known.language) delete changes.language;
    if (wrote && known.personaId === null) changes.personaId = twinPersonaId(userId);
    const language = changes.language ?? known.language;
    if (Object.keys(changes).length === 0) return { id: known.id, language, created: false };
    await tx
      .update(contacts)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(contacts.id, known.id), eq(contacts.userId, userId)));
    return { id: known.id, language, created: false };
  }
  const row = contactRow(actor, create, now);
  const [created] = await tx
    .insert(contacts)
    .values(wrote && create.personaId === undefined ? { ...row, personaId: twinPersonaId(userId) } : row)
    .returning({ id: contacts.id, language: contacts.language });
  return { ...created!, created: true };
}

export type HistoryRow = typeof communicationHistory.$inferSelect;

export interface MessageRecord {
  contactId: string;
  direction: 'inbound' | 'outbound';
  channel: ContactSource;
  text: string;
  occurredAt: Date;
  deliveryStatus: HistoryRow['deliveryStatus'];
  externalId?: string | null;
  deliveryError?: string | null;
  /** When Doppel recorded it; the database's clock when not given. */
  recordedAt?: Date;
}

function historyRow(actor: Pick<Actor, 'userId'>, message: MessageRecord) {
  return {
    userId: actor.userId,
    contactId: message.contactId,
    direction: message.direction,
    channel: message.channel,
    text: message.text,
    occurredAt: message.occurredAt,
    deliveryStatus: message.deliveryStatus,
    externalId: message.externalId ?? null,
    deliveryError: message.deliveryError ?? null,
    ...(message.recordedAt && { createdAt: message.recordedAt }),
  };
}

/** Adds a message to a contact's history (sent, failed, to send by hand, or received). */
export async function recordMessage(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  message: MessageRecord,
): Promise<HistoryRow> {
  const [row] = await tx.insert(communicationHistory).values(historyRow(actor, message)).returning();
  return row!;
}

/**
 * A message queued to go out (an email) went or failed: its history entry, found by the id the
 * channel gave it, says so.
 */
export async function settleDelivery(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  delivery: {
    channel: ContactSource;
    externalId: string;
    status: 'sent' | 'failed';
    error?: string | null;
  },
): Promise<void> {
  await tx
    .update(communicationHistory)
    .set({ deliveryStatus: delivery.status, deliveryError: delivery.error ?? null })
    .where(
      and(
        eq(communicationHistory.userId, actor.userId),
        eq(communicationHistory.channel, delivery.channel),
        eq(communicationHistory.externalId, delivery.externalId),
      ),
    );
}

/** Adds several contacts at once (a demo sandbox's samples); answers their ids and names. */
export async function addContacts(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  rows: NewContact[],
  now: Date,
): Promise<Array<{ id: string; name: string }>> {
  if (rows.length === 0) return [];
  const created = await tx
    .insert(contacts)
    .values(rows.map((row) => contactRow(actor, row, now)))
    .returning({ id: contacts.id, name: contacts.name });
  return created;
}

/** Hands the user's contacts to one of their personas (the persona writes to them). */
export async function assignContactsToPersona(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  contactIds: string[],
  personaId: string,
): Promise<void> {
  if (contactIds.length === 0) return;
  await tx
    .update(contacts)
    .set({ personaId })
    .where(and(eq(contacts.userId, actor.userId), inArray(contacts.id, contactIds)));
}

/** Adds several messages to contacts' histories at once. */
export async function recordMessages(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  messages: MessageRecord[],
): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(communicationHistory).values(messages.map((message) => historyRow(actor, message)));
}
