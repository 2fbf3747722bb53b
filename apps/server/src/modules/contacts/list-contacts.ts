import { listContactsQuerySchema, type ContactList, type ListContactsQuery } from '@doppel/contracts';
import { and, asc, contacts, eq, or, sql, type DbOrTx } from '@doppel/db';

/** `q` matched literally: `%`, `_` and `\` typed by the user are not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * The user's contacts, alphabetical (case-insensitive), optionally those whose name or company
 * contains `q` in any case. Only the owner's rows: another user's contacts never match.
 */
export async function listContacts(
  db: DbOrTx,
  userId: string,
  query: ListContactsQuery,
): Promise<ContactList> {
  const { q, limit } = listContactsQuerySchema.parse(query);
  const pattern = q ? `%${escapeLike(q)}%` : null;
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      company: contacts.company,
      language: contacts.language,
      source: contacts.source,
      handle: contacts.handle,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        pattern
          ? or(
              sql`${contacts.name} ILIKE ${pattern} ESCAPE '\\'`,
              sql`${contacts.company} ILIKE ${pattern} ESCAPE '\\'`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.name), asc(contacts.id))
    .limit(limit);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
