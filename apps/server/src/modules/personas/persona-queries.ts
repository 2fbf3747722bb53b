import type { Persona, PersonaStats } from '@doppel/contracts';
import {
  and,
  asc,
  communicationHistory,
  contacts,
  count,
  desc,
  eq,
  personaProfiles,
  users,
  type DbOrTx,
} from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';

export const PERSONA_NOT_FOUND = 'Persona not found';

type PersonaRow = typeof personaProfiles.$inferSelect;

function toPersona(row: PersonaRow, ownerEmail: string, voiceId: string | null): Persona {
  const { userId: _userId, twinVoice: _twinVoice, createdAt, updatedAt, ...fields } = row;
  return {
    ...fields,
    ownerEmail,
    isTwinVoice: row.id === voiceId,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

async function ownerEmail(db: DbOrTx, userId: string): Promise<string> {
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return owner?.email ?? '';
}

/** The persona the twin writes as: the one the user marked, else the first created. */
export async function twinVoiceId(db: DbOrTx, userId: string): Promise<string | null> {
  const [voice] = await db
    .select({ id: personaProfiles.id })
    .from(personaProfiles)
    .where(eq(personaProfiles.userId, userId))
    .orderBy(desc(personaProfiles.twinVoice), asc(personaProfiles.createdAt), asc(personaProfiles.id))
    .limit(1);
  return voice?.id ?? null;
}

/** The user's personas, newest first. */
export async function listPersonas(ctx: AppContext, userId: string): Promise<Persona[]> {
  const [rows, email, voiceId] = await Promise.all([
    ctx.db
      .select()
      .from(personaProfiles)
      .where(eq(personaProfiles.userId, userId))
      .orderBy(desc(personaProfiles.createdAt), desc(personaProfiles.id)),
    ownerEmail(ctx.db, userId),
    twinVoiceId(ctx.db, userId),
  ]);
  return rows.map((row) => toPersona(row, email, voiceId));
}

/** One persona of this user, or not_found: another user's persona is indistinguishable from none. */
export async function getPersona(db: DbOrTx, userId: string, personaId: string): Promise<Persona> {
  const [row] = await db
    .select()
    .from(personaProfiles)
    .where(and(eq(personaProfiles.id, personaId), eq(personaProfiles.userId, userId)));
  if (!row) throw new AppError('not_found', PERSONA_NOT_FOUND, { reason: 'persona_not_found' });
  const [email, voiceId] = await Promise.all([ownerEmail(db, userId), twinVoiceId(db, userId)]);
  return toPersona(row, email, voiceId);
}

/** The twin's voice as a full persona, or null when the user has none. */
export async function getTwinVoice(db: DbOrTx, userId: string): Promise<Persona | null> {
  const id = await twinVoiceId(db, userId);
  return id ? getPersona(db, userId, id) : null;
}

/** User stats per persona: its contacts, and the messages exchanged with them. */
export async function personaStats(
  ctx: AppContext,
  userId: string,
  personaId: string,
): Promise<PersonaStats> {
  await getPersona(ctx.db, userId, personaId);
  const [[contactCount], [messageCount]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.personaId, personaId))),
    ctx.db
      .select({ n: count() })
      .from(communicationHistory)
      .innerJoin(contacts, eq(contacts.id, communicationHistory.contactId))
      .where(and(eq(communicationHistory.userId, userId), eq(contacts.personaId, personaId))),
  ]);
  return { personaId, contacts: contactCount?.n ?? 0, messages: messageCount?.n ?? 0 };
}
