import type { InterfaceLanguage } from '@doppel/contracts';
import type { DbOrTx } from '@doppel/db';
import { translate } from '../../lib/translations';
import { seedSampleApiKeys } from '../api-keys';
import { setFullName } from '../auth';
import { seedSampleCampaigns } from '../campaigns';
import { addContacts, assignContactsToPersona, recordMessages } from '../contacts';
import { insertTextDocument } from '../knowledge';
import { seedSampleMailbox } from '../messengers';
import { seedSamplePersonas } from '../personas';
import { seedSampleSignals } from '../signals';
import { insertSampleTasks } from '../tasks';
import { sampleDocuments } from './sample-documents';
import { SAMPLE_CONTACTS, sampleTasks, type SampleTask } from './sample-tasks';

/** Each sample message that started a task, as the contact wrote it, as their inbound history. */
async function seedSampleHistory(
  tx: DbOrTx,
  userId: string,
  now: Date,
  tasks: SampleTask[],
  contactIds: Map<string, string | undefined>,
) {
  const messages = tasks.flatMap((task) => {
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
 * documents, keys, campaigns and signals follow. What the visitor reads about their own work is
 * in the language they chose; what the sample contacts wrote stays in theirs.
 */
export async function seedDemoSandbox(tx: DbOrTx, userId: string, language: InterfaceLanguage, now: Date) {
  const actor = { userId };
  await setFullName(tx, userId, translate(language, 'owner', {}, 'demo'), now);
  const created = await addContacts(
    tx,
    actor,
    SAMPLE_CONTACTS.map(({ key: _key, ...contact }) => contact),
    now,
  );
  const idByName = new Map(created.map((contact) => [contact.name, contact.id]));
  const contactIds = new Map(SAMPLE_CONTACTS.map((contact) => [contact.key, idByName.get(contact.name)]));
  for (const persona of await seedSamplePersonas(tx, actor, language, now)) {
    const handled = persona.contactKeys.map((key) => contactIds.get(key)).filter((id) => id !== undefined);
    await assignContactsToPersona(tx, actor, handled, persona.id);
  }
  const tasks = sampleTasks(language);
  await seedSampleHistory(tx, userId, now, tasks, contactIds);
  await insertSampleTasks(
    tx,
    actor,
    tasks.map(({ contactKey, ageMinutes, ...task }) => ({
      ...task,
      contactId: contactKey ? (contactIds.get(contactKey) ?? null) : null,
      createdAt: new Date(now.getTime() - ageMinutes * 60_000),
    })),
  );
  // Each a second older than the next, so the list shows them in this order.
  for (const [index, sample] of sampleDocuments(language).entries()) {
    const createdAt = new Date(now.getTime() - (index + 1) * 1000);
    await insertTextDocument(tx, userId, { ...sample, isSample: true }, createdAt);
  }
  await seedSampleApiKeys(tx, actor, language, now);
  await seedSampleCampaigns(tx, userId, language, now);
  await seedSampleSignals(tx, userId, language, now);
  await seedSampleMailbox(tx, userId, now);
}
