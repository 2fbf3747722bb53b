import type { InterfaceLanguage } from '@doppel/contracts';
import type { DbOrTx } from '@doppel/db';
import { seedSampleApiKeys } from '../api-keys';
import { setFullName } from '../auth';
import { seedSampleCampaigns } from '../campaigns';
import { addContacts, assignContactsToPersona, recordMessages } from '../contacts';
import { insertTextDocument } from '../knowledge';
import { seedSampleMailbox } from '../messengers';
import { seedSamplePersonas } from '../personas';
import { seedSampleSignals } from '../signals';
import { insertSampleTasks } from '../tasks';
import { SAMPLE_DOCUMENTS } from './sample-documents';
import { SAMPLE_CONTACTS, SAMPLE_TASKS } from './sample-tasks';

/** The sample owner of a sandbox, in the language the visitor chose. */
const SAMPLE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'Alex Morgan (sample)',
  ru: 'Алекс Морган (пример)',
  fr: 'Alex Morgan (exemple)',
  es: 'Alex Morgan (ejemplo)',
  de: 'Alex Morgan (Beispiel)',
};

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
 * Fills a new demo sandbox with sample data, each area's rows written by the module that owns
 * them: the profile, settings and plan come with the account; contacts, personas, tasks,
 * documents, keys, campaigns and signals follow.
 */
export async function seedDemoSandbox(tx: DbOrTx, userId: string, language: InterfaceLanguage, now: Date) {
  const actor = { userId };
  await setFullName(tx, userId, SAMPLE_NAMES[language], now);
  const created = await addContacts(
    tx,
    actor,
    SAMPLE_CONTACTS.map(({ key: _key, ...contact }) => contact),
    now,
  );
  const idByName = new Map(created.map((contact) => [contact.name, contact.id]));
  const contactIds = new Map(SAMPLE_CONTACTS.map((contact) => [contact.key, idByName.get(contact.name)]));
  for (const persona of await seedSamplePersonas(tx, actor, now)) {
    const handled = persona.contactKeys.map((key) => contactIds.get(key)).filter((id) => id !== undefined);
    await assignContactsToPersona(tx, actor, handled, persona.id);
  }
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
  await seedSampleApiKeys(tx, actor, now);
  await seedSampleCampaigns(tx, userId, now);
  await seedSampleSignals(tx, userId, now);
  await seedSampleMailbox(tx, userId, now);
}
