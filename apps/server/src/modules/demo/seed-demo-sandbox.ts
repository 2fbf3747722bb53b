import type { InterfaceLanguage } from '@doppel/contracts';
import { contacts, eq, tasks, users, type DbOrTx } from '@doppel/db';
import { SAMPLE_CONTACTS, SAMPLE_TASKS } from './sample-tasks';

/** The sample owner of a sandbox, in the language the visitor chose. */
const SAMPLE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'Alex Morgan (sample)',
  ru: 'Алекс Морган (пример)',
  fr: 'Alex Morgan (exemple)',
  es: 'Alex Morgan (ejemplo)',
  de: 'Alex Morgan (Beispiel)',
};

/**
 * Fills a new demo sandbox with sample data. Each area adds its own sample rows here as it
 * lands: the profile, settings and plan come with the account; contacts and tasks follow.
 */
export async function seedDemoSandbox(tx: DbOrTx, userId: string, language: InterfaceLanguage, now: Date) {
  await tx
    .update(users)
    .set({ fullName: SAMPLE_NAMES[language], updatedAt: now })
    .where(eq(users.id, userId));
  const created = await tx
    .insert(contacts)
    .values(
      SAMPLE_CONTACTS.map(({ key: _key, ...contact }) => ({
        ...contact,
        userId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: contacts.id, name: contacts.name });
  const idByName = new Map(created.map((contact) => [contact.name, contact.id]));
  const contactIds = new Map(SAMPLE_CONTACTS.map((contact) => [contact.key, idByName.get(contact.name)]));
  await tx.insert(tasks).values(
    SAMPLE_TASKS.map(({ contactKey, ageMinutes, ...task }) => {
      const createdAt = new Date(now.getTime() - ageMinutes * 60_000);
      return {
        ...task,
        userId,
        contactId: contactKey ? (contactIds.get(contactKey) ?? null) : null,
        createdAt,
        updatedAt: createdAt,
        completedAt: task.status === 'completed' ? createdAt : null,
      };
    }),
  );
}
