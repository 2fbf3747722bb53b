import { z } from 'zod';
import { contactSourceSchema } from './tasks';

/** A person the twin writes to (the spec's persona_contacts). */
export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  language: z.string(),
  source: contactSourceSchema,
  handle: z.string().nullable(),
  createdAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const CONTACTS_MAX_LIMIT = 100;

/** Contacts by name (a case-insensitive search on name and company), alphabetical. */
export const listContactsQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(CONTACTS_MAX_LIMIT).default(50),
  })
  .strict();
export type ListContactsQuery = z.input<typeof listContactsQuerySchema>;

export const contactListSchema = z.object({ items: z.array(contactSchema) });
export type ContactList = z.infer<typeof contactListSchema>;
