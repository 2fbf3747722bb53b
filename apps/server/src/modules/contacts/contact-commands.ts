import {
  createContactInputSchema,
  updateContactInputSchema,
  type Contact,
  type CreateContactInput,
  type UpdateContactInput,
} from '@doppel/contracts';
import { and, contacts, eq, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';

export const CONTACT_NOT_FOUND = 'Contact not found';

// The public API's bodies (contracts public-api.ts); re-exported for the module's callers.
export {
  createContactInputSchema,
  updateContactInputSchema,
  type CreateContactInput,
  type UpdateContactInput,
} from '@doppel/contracts';

const columns = {
  id: contacts.id,
  name: contacts.name,
  company: contacts.company,
  language: contacts.language,
  source: contacts.source,
  handle: contacts.handle,
  createdAt: contacts.createdAt,
};

type ContactRow = Pick<typeof contacts.$inferSelect, keyof typeof columns>;

function toContact(row: ContactRow): Contact {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const orNull = (value: string | null | undefined) => (value ? value : null);

/** The owner's contact; another user's id answers like an unknown one. */
export async function getContact(db: DbOrTx, userId: string, contactId: string): Promise<Contact> {
  const [row] = await db
    .select(columns)
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  if (!row) throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });
  return toContact(row);
}

export async function createContact(
  ctx: AppContext,
  userId: string,
  input: CreateContactInput,
): Promise<Contact> {
  const data = createContactInputSchema.parse(input);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(contacts)
    .values({
      userId,
      name: data.name,
      company: orNull(data.company),
      language: data.language,
      source: data.source,
      handle: orNull(data.handle),
      createdAt: now,
      updatedAt: now,
    })
    .returning(columns);
  return toContact(row!);
}

export async function updateContact(
  ctx: AppContext,
  userId: string,
  contactId: string,
  input: UpdateContactInput,
): Promise<Contact> {
  const data = updateContactInputSchema.parse(input);
  const [row] = await ctx.db
    .update(contacts)
    .set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.company !== undefined && { company: orNull(data.company) }),
      ...(data.language !== undefined && { language: data.language }),
      ...(data.source !== undefined && { source: data.source }),
      ...(data.handle !== undefined && { handle: orNull(data.handle) }),
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning(columns);
  if (!row) throw new AppError('not_found', CONTACT_NOT_FOUND, { reason: 'contact_not_found' });
  return toContact(row);
}
