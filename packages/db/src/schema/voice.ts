import { contactSources, taskTypes } from '@doppel/contracts';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { personaProfiles } from './personas';
import { tasks } from './tasks';
import { users } from './users';

/**
 * The voice the twin learns from the user (issue 20, decision 037): each message the user sent
 * whose text differs from the draft it came from, as a (draft, sent) pair for the persona the
 * twin wrote as (null: the user had none). Models are shown the closest few as examples; the
 * offline engine learns greeting, sign-off and length habits from them. Written by the drafting
 * module only.
 */
export const voiceExamples = pgTable(
  'voice_examples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The persona the twin wrote as; its examples go when it does. */
    personaId: uuid('persona_id').references(() => personaProfiles.id, { onDelete: 'cascade' }),
    /** The task the message answered, while it exists. */
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    taskType: text('task_type', { enum: taskTypes }).notNull(),
    /** Where it went: the contact's channel, or the platform a post was published on. */
    channel: text('channel', { enum: contactSources }),
    /** The language the message was written in (ISO 639-1). */
    language: text('language').notNull(),
    /** The draft kind the composer started from (quick, detailed, a post kind). */
    draftKind: text('draft_kind').notNull(),
    /** The contact's name when sent, so a greeting or sign-off that names them generalises. */
    contactName: text('contact_name'),
    /** What the draft was about (the message answered, the trigger), to find the closest pairs. */
    about: text('about').notNull().default(''),
    draft: text('draft').notNull(),
    sent: text('sent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('voice_examples_user_persona_created_idx').on(table.userId, table.personaId, table.createdAt),
  ],
);
