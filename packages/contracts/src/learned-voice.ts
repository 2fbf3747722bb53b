import { z } from 'zod';
import { contactSourceSchema, taskTypeSchema } from './tasks';

/*
 * The voice the twin learned from the user (issue 20, decision 037): Settings → Learned voice
 * shows it and forgets it.
 */

/**
 * The habits learned in one language from the messages the user sent: how they greet (with
 * `{name}` where they named the contact), how they sign off, and how long their messages
 * typically are (characters, the median). Null: nothing steady to learn yet.
 */
export const learnedHabitsSchema = z.object({
  language: z.string().min(2).max(10),
  /** How many of the user's messages in that language the habits are learned from. */
  messages: z.number().int().min(0),
  greeting: z.string().nullable(),
  signOff: z.string().nullable(),
  typicalLength: z.number().int().min(0).nullable(),
});
export type LearnedHabits = z.infer<typeof learnedHabitsSchema>;

/** One (draft, sent) pair: what the twin drafted and what the user sent instead. */
export const voiceExampleSchema = z.object({
  id: z.string(),
  taskType: taskTypeSchema,
  channel: contactSourceSchema.nullable(),
  language: z.string(),
  draft: z.string(),
  sent: z.string(),
  createdAt: z.string(),
});
export type VoiceExample = z.infer<typeof voiceExampleSchema>;

/** GET /api/learned-voice: what the twin has learned for the persona it writes as. */
export const learnedVoiceSchema = z.object({
  /** The persona the twin writes as; null when the user has none (the twin still learns). */
  persona: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** How many (draft, sent) pairs are kept. */
  count: z.number().int().min(0),
  /** Per language, the habits the offline engine follows. */
  habits: z.array(learnedHabitsSchema),
  /** The most recent pairs, newest first. */
  recent: z.array(voiceExampleSchema).max(10),
});
export type LearnedVoice = z.infer<typeof learnedVoiceSchema>;
