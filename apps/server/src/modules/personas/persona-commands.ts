import {
  createPersonaInputSchema,
  updatePersonaInputSchema,
  type CreatePersonaInput,
  type Persona,
  type UpdatePersonaInput,
} from '@doppel/contracts';
import { and, eq, personaProfiles, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { PERSONA_NOT_FOUND, getPersona } from './persona-queries';

export async function createPersona(
  ctx: AppContext,
  userId: string,
  input: CreatePersonaInput,
): Promise<Persona> {
  const fields = createPersonaInputSchema.parse(input);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(personaProfiles)
      .values({ ...fields, userId, createdAt: now, updatedAt: now })
      .returning({ id: personaProfiles.id });
    return getPersona(tx, userId, created!.id);
  });
}

/** Changes only the fields sent; unknown fields are refused. */
export async function updatePersona(
  ctx: AppContext,
  userId: string,
  personaId: string,
  input: UpdatePersonaInput,
): Promise<Persona> {
  const fields = updatePersonaInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    if (!(await setPersonaFields(tx, userId, personaId, fields, ctx.clock.now()))) {
      throw new AppError('not_found', PERSONA_NOT_FOUND, { reason: 'persona_not_found' });
    }
    return getPersona(tx, userId, personaId);
  });
}

/**
 * Writes already-checked fields onto the user's persona (an edit, an accepted High Concept
 * proposal) inside the caller's transaction; answers whether the user has such a persona.
 */
export async function setPersonaFields(
  tx: DbOrTx,
  userId: string,
  personaId: string,
  fields: UpdatePersonaInput,
  now: Date,
): Promise<boolean> {
  const [updated] = await tx
    .update(personaProfiles)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(personaProfiles.id, personaId), eq(personaProfiles.userId, userId)))
    .returning({ id: personaProfiles.id });
  return Boolean(updated);
}

/** Deletes the persona and its message templates; its contacts stay, without a persona. */
export async function deletePersona(ctx: AppContext, userId: string, personaId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(personaProfiles)
    .where(and(eq(personaProfiles.id, personaId), eq(personaProfiles.userId, userId)))
    .returning({ id: personaProfiles.id });
  if (deleted.length === 0)
    throw new AppError('not_found', PERSONA_NOT_FOUND, { reason: 'persona_not_found' });
}

/** Makes this persona the twin's voice: drafts and analysis are written as it from now on. */
export async function makeTwinVoice(ctx: AppContext, userId: string, personaId: string): Promise<Persona> {
  return ctx.db.transaction(async (tx) => {
    await getPersona(tx, userId, personaId);
    await tx
      .update(personaProfiles)
      .set({ twinVoice: false })
      .where(and(eq(personaProfiles.userId, userId), eq(personaProfiles.twinVoice, true)));
    await tx
      .update(personaProfiles)
      .set({ twinVoice: true })
      .where(and(eq(personaProfiles.id, personaId), eq(personaProfiles.userId, userId)));
    return getPersona(tx, userId, personaId);
  });
}
