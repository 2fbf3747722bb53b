import { createPersonaInputSchema, type InterfaceLanguage } from '@doppel/contracts';
import { apiKeys, eq, personaProfiles, users, type DbOrTx } from '@doppel/db';
import { addContacts, assignContactsToPersona, recordMessages } from '../contacts/contact-records';
import { insertSampleTasks } from '../tasks/task-records';
import { insertTextDocument } from '../knowledge/documents';
import { SAMPLE_API_KEYS, sampleKeyHash } from './sample-api-keys';
import { seedSampleCampaigns } from './sample-campaigns';
import { SAMPLE_DOCUMENTS } from './sample-documents';
import { SAMPLE_PERSONAS } from './sample-personas';
import { seedSampleSignals } from './sample-signals';
import { SAMPLE_CONTACTS, SAMPLE_TASKS } from './sample-tasks';

/** The sample owner of a sandbox, in the language the visitor chose. */
const SAMPLE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'Alex Morgan (sample)',
  ru: 'Алекс Морган (пример)',
  fr: 'Alex Morgan (exemple)',
  es: 'Alex Morgan (ejemplo)',
  de: 'Alex Morgan (Beispiel)',
};

/** The sample personas, each a second older than the next so the first stays the twin's voice. */
async function seedSamplePersonas(
  tx: DbOrTx,
  userId: string,
  now: Date,
  contactIds: Map<string, string | undefined>,
) {
  for (const [index, sample] of SAMPLE_PERSONAS.entries()) {
    const createdAt = new Date(now.getTime() - (SAMPLE_PERSONAS.length - index) * 1000);
    const [persona] = await tx
      .insert(personaProfiles)
      .values({
        ...createPersonaInputSchema.parse(sample.fields),
        userId,
        isSample: true,
        twinVoice: index === 0,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: personaProfiles.id });
    const ids = sample.contactKeys
      .map((key) => contactIds.get(key))
      .filter((id): id is string => Boolean(id));
    await assignContactsToPersona(tx, { userId }, ids, persona!.id);
  }
}

/** Each sample message that started a task, as the contact's inbound history. */
async function seedSampleHistory(
  tx: DbOrTx,
  userId: string,
  now: Date,
  contactIds: Map<string, string | undefined>,
) {
  const messages = SAMPLE_TASKS.flatMap((task) => {
    const contact = SAMPLE_CONTACTS.find((candidate) => candidate.key === task.contactKey);
    const contactId = contact && contactIds.get(contact.key);
    const text = task.context.lastMessageOriginal ?? task.context.lastMessage;
    if (!contact || !contactId || !text) return [];
    const occurredAt = new Date(now.getTime() - task.ageMinutes * 60_000);
    return [
      {
        contactId,
        direction: 'inbound' as const,
        channel: contact.source,
        text,
        deliveryStatus: 'received' as const,
        occurredAt,
        recordedAt: occurredAt,
      },
    ];
  });
  await recordMessages(tx, { userId }, messages);
}

/**
 * Fills a new demo sandbox with sample data. Each area adds its own sample rows here as it
 * lands: the profile, settings and plan come with the account; contacts and tasks follow.
 */
export async function seedDemoSandbox(tx: DbOrTx, userId: string, language: InterfaceLanguage, now: Date) {
  await tx
    .update(users)
    .set({ fullName: SAMPLE_NAMES[language], updatedAt: now })
    .where(eq(users.id, userId));
  const actor = { userId };
  const created = await addContacts(
    tx,
    actor,
    SAMPLE_CONTACTS.map(({ key: _key, ...contact }) => contact),
    now,
  );
  const idByName = new Map(created.map((contact) => [contact.name, contact.id]));
  const contactIds = new Map(SAMPLE_CONTACTS.map((contact) => [contact.key, idByName.get(contact.name)]));
  await seedSamplePersonas(tx, userId, now, contactIds);
  await seedSampleHistory(tx, userId, now, contactIds);
  await insertSampleTasks(
    tx,
    actor,
    SAMPLE_TASKS.map(({ contactKey, ageMinutes, ...task }) => ({
      ...task,
      contactId: contactKey ? (contactIds.get(contactKey) ?? null) : null,
      createdAt: new Date(now.getTime() - ageMinutes * 60_000),
    })),
  );
  // Each a second older than the next, so the list shows them in this order.
  for (const [index, sample] of SAMPLE_DOCUMENTS.entries()) {
    const createdAt = new Date(now.getTime() - (index + 1) * 1000);
    await insertTextDocument(tx, userId, { ...sample, isSample: true }, createdAt);
  }
  await tx.insert(apiKeys).values(
    SAMPLE_API_KEYS.map((sample, index) => ({
      ...sample,
      ...sampleKeyHash(),
      userId,
      isSample: true,
      createdAt: new Date(now.getTime() - (index + 1) * 86_400_000),
      updatedAt: now,
    })),
  );
  await seedSampleCampaigns(tx, userId, now);
  await seedSampleSignals(tx, userId, now);
}
