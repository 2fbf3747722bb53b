import type { ContactSource, LearnedVoice, TaskType } from '@doppel/contracts';
import { and, desc, eq, inArray, isNull, voiceExamples, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/context';
import { cutText } from '../../lib/text';
import { detectLanguage } from '../language';
import { getTwinVoice } from '../personas';
import { differsMeaningfully, habitsOf, isMessageType, type VoicePair } from './learned-voice';

/*
 * The (draft, sent) pairs of the user's learned voice (issue 20, decision 037): kept when a
 * message is sent, read for drafting and for Settings, forgotten on request. This module owns
 * voice_examples.
 */

/** The newest pairs kept per persona; older ones make room. */
const KEPT_PER_PERSONA = 200;
/** The newest pairs drafting weighs (the closest few go to a model, habits come from them). */
const READ_FOR_DRAFTING = 100;
/** The pairs Settings lists. */
const SHOWN_RECENT = 10;

const ofVoice = (userId: string, personaId: string | null) =>
  and(
    eq(voiceExamples.userId, userId),
    personaId ? eq(voiceExamples.personaId, personaId) : isNull(voiceExamples.personaId),
  );

/** The persona's newest pairs, newest first (personaId null: those learned without a persona). */
export async function voicePairs(
  db: DbOrTx,
  userId: string,
  personaId: string | null,
  limit = READ_FOR_DRAFTING,
): Promise<VoicePair[]> {
  return db
    .select({
      id: voiceExamples.id,
      taskType: voiceExamples.taskType,
      channel: voiceExamples.channel,
      language: voiceExamples.language,
      draftKind: voiceExamples.draftKind,
      contactName: voiceExamples.contactName,
      about: voiceExamples.about,
      draft: voiceExamples.draft,
      sent: voiceExamples.sent,
      createdAt: voiceExamples.createdAt,
    })
    .from(voiceExamples)
    .where(ofVoice(userId, personaId))
    .orderBy(desc(voiceExamples.createdAt), desc(voiceExamples.id))
    .limit(limit);
}

/** A message the user sent from a draft, as the tasks module reports it. */
export interface SentFromDraft {
  taskId: string;
  taskType: TaskType;
  channel: ContactSource | null;
  /** The draft kind the composer started from. */
  draftKind: string;
  /** The draft as the twin wrote it. */
  draft: string;
  /** What the user sent. */
  sent: string;
  contactName: string | null;
  /** What the draft was about (the message answered, the trigger). */
  about: string;
  /** The language the draft was written in, when known; else the sent text's, as detected. */
  language: string | null;
}

/**
 * Learns from a sent message, in the transaction of the send: when its text differs from the
 * draft it came from, the pair is kept for the persona the twin writes as (the newest
 * KEPT_PER_PERSONA of them). The same text sent again from the same task is kept once.
 */
export async function learnFromSentMessage(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  message: SentFromDraft,
): Promise<boolean> {
  if (!differsMeaningfully(message.draft, message.sent)) return false;
  const { userId } = actor;
  const voice = await getTwinVoice(tx, userId);
  const personaId = voice?.id ?? null;
  const sent = cutText(message.sent.trim(), 20_000);
  const [already] = await tx
    .select({ id: voiceExamples.id })
    .from(voiceExamples)
    .where(
      and(ofVoice(userId, personaId), eq(voiceExamples.taskId, message.taskId), eq(voiceExamples.sent, sent)),
    )
    .limit(1);
  if (already) return false;
  await tx.insert(voiceExamples).values({
    userId,
    personaId,
    taskId: message.taskId,
    taskType: message.taskType,
    channel: message.channel,
    // The draft's language: the user edits a draft in it, and a short message is hard to detect.
    language: message.language?.slice(0, 10) || (detectLanguage(sent) ?? 'en'),
    draftKind: cutText(message.draftKind, 50),
    contactName: message.contactName ? cutText(message.contactName, 300) : null,
    about: cutText(message.about, 2000),
    draft: cutText(message.draft.trim(), 20_000),
    sent,
  });
  const beyond = await tx
    .select({ id: voiceExamples.id })
    .from(voiceExamples)
    .where(ofVoice(userId, personaId))
    .orderBy(desc(voiceExamples.createdAt), desc(voiceExamples.id))
    .offset(KEPT_PER_PERSONA);
  if (beyond.length > 0) {
    await tx.delete(voiceExamples).where(
      inArray(
        voiceExamples.id,
        beyond.map((row) => row.id),
      ),
    );
  }
  return true;
}

/**
 * What the twin has learned for the persona it writes as: how many pairs, the habits of each
 * language its messages (replies and proactive messages) were written in, and the newest pairs.
 */
export async function learnedVoice(ctx: AppContext, userId: string): Promise<LearnedVoice> {
  const voice = await getTwinVoice(ctx.db, userId);
  const pairs = await voicePairs(ctx.db, userId, voice?.id ?? null, KEPT_PER_PERSONA);
  const byLanguage = new Map<string, VoicePair[]>();
  for (const pair of pairs.filter((candidate) => isMessageType(candidate.taskType))) {
    byLanguage.set(pair.language, [...(byLanguage.get(pair.language) ?? []), pair]);
  }
  return {
    persona: voice ? { id: voice.id, name: voice.name } : null,
    count: pairs.length,
    habits: [...byLanguage.entries()]
      .sort(([, a], [, b]) => b.length - a.length)
      .map(([language, ofLanguage]) => ({ language, ...habitsOf(ofLanguage) })),
    recent: pairs.slice(0, SHOWN_RECENT).map((pair) => ({
      id: pair.id,
      taskType: pair.taskType,
      channel: pair.channel,
      language: pair.language,
      draft: pair.draft,
      sent: pair.sent,
      createdAt: pair.createdAt.toISOString(),
    })),
  };
}

/** Forgets what the twin learned for the persona it writes as: every pair of it. */
export async function forgetLearnedVoice(ctx: AppContext, userId: string): Promise<LearnedVoice> {
  const voice = await getTwinVoice(ctx.db, userId);
  await ctx.db.delete(voiceExamples).where(ofVoice(userId, voice?.id ?? null));
  return learnedVoice(ctx, userId);
}
