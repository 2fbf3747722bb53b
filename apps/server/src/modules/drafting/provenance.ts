import {
  isPostTask,
  type ContactSource,
  type DraftLanguageReason,
  type DraftProvenance,
  type LearnedHabitKind,
  type ProvenancePersonaField,
  type TemplateLanguage,
} from '@doppel/contracts';
import { eq, userSettings } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { subjectSearchText, type Voice } from '../engine';
import { draftLanguage } from './draft-language';
import type { DraftBrief, DraftEngine, DraftRequest } from './draft-request';
import {
  closestPairs,
  followHabits,
  habitsOf,
  pairsToLearnFrom,
  shownPair,
  type VoicePair,
} from './learned-voice';
import { inLanguage } from './voice';

/*
 * "Why this draft" (issue 20, decision 037): what a draft was written with, recorded with it —
 * the language decision, the persona fields, the user's learned voice, the engine.
 */

export interface LanguageDecision {
  code: TemplateLanguage;
  reason: DraftLanguageReason;
  /** 'unsupported': the language found, which Doppel cannot write in. */
  from?: string;
}

/**
 * The draft's language and why: the brief's own, else the draft language rule (draftLanguage),
 * whose reason is read back from what it weighed — the fixed setting, the language found in the
 * message, the contact's, or the interface language; a language found that is not the one
 * chosen is one Doppel cannot write in.
 */
export async function languageDecision(ctx: AppContext, brief: DraftBrief): Promise<LanguageDecision> {
  if (brief.language) return { code: brief.language, reason: 'requested' };
  const { userId } = brief.actor;
  const hints = { found: brief.foundLanguage, contact: brief.about.contact?.language };
  const [code, [settings]] = await Promise.all([
    draftLanguage(ctx, userId, hints),
    ctx.db
      .select({ responseLanguage: userSettings.responseLanguage })
      .from(userSettings)
      .where(eq(userSettings.userId, userId)),
  ]);
  if (settings?.responseLanguage && settings.responseLanguage !== 'auto') return { code, reason: 'setting' };
  const asked = hints.found || hints.contact;
  const primary = (asked ?? '').trim().toLowerCase().split(/[-_]/u)[0] ?? '';
  if (primary.length < 2) return { code, reason: 'interface' };
  if (primary === code) return { code, reason: hints.found ? 'message' : 'contact' };
  return { code, reason: 'unsupported', from: primary.slice(0, 10) };
}

/** The persona fields a model is told (describeVoice), those the persona has filled in. */
function fieldsForModel(voice: Voice): ProvenancePersonaField[] {
  const filled: Record<ProvenancePersonaField, boolean> = {
    name: true,
    position: Boolean(voice.position),
    companyName: Boolean(voice.companyName),
    communicationStyle: Boolean(voice.communicationStyle),
    brandPersonalStyle: Boolean(voice.brandPersonalStyle),
    coreValues: voice.coreValues.length > 0,
    highConceptKeyMessages: voice.highConceptKeyMessages.length > 0,
    brandTaglines: voice.brandTaglines.length > 0,
    contextualPromptTemplate: Boolean(voice.contextualPromptTemplate),
  };
  return (Object.keys(filled) as ProvenancePersonaField[]).filter((field) => filled[field]);
}

/**
 * The persona fields the offline engine used (offlineDraftInVoice): a post its tagline in the
 * draft's language; a message the closing read from its style and signed with its name (unless
 * the user's own sign-off replaced it), and a detailed one its key message in that language.
 */
function fieldsOffline(
  voice: Voice,
  request: Pick<DraftRequest, 'type' | 'kind'>,
  language: TemplateLanguage,
  habits: readonly LearnedHabitKind[],
): ProvenancePersonaField[] {
  if (isPostTask(request.type)) return inLanguage(voice.brandTaglines, language) ? ['brandTaglines'] : [];
  const fields: ProvenancePersonaField[] = [];
  if (!habits.includes('signOff')) {
    fields.push('name');
    if (voice.communicationStyle) fields.push('communicationStyle');
    if (voice.brandPersonalStyle) fields.push('brandPersonalStyle');
  }
  if (request.kind === 'detailed' && inLanguage(voice.highConceptKeyMessages, language)) {
    fields.push('highConceptKeyMessages');
  }
  return fields;
}

/** What the pairs of the learned voice give a draft: a model's examples, the offline engine's habits. */
export interface LearnedUse {
  /** The pairs shown to the model, or whose habits the offline engine applied. */
  examples: VoicePair[];
  habits: LearnedHabitKind[];
}

/** Where the draft goes: a post's platform, else the contact's channel. */
function channelOf(request: DraftRequest): ContactSource | null {
  if (request.type === 'linkedin_post') return 'linkedin';
  if (request.type === 'reddit_post' || request.type === 'reddit_comment') return 'reddit';
  return request.about.contact?.source ?? null;
}

/**
 * The pairs closest to the request, for a model's prompt: of those in the draft's language (an
 * example in another language could pull the model into it).
 */
export function examplesForModel(
  pairs: readonly VoicePair[],
  request: DraftRequest,
  language: TemplateLanguage,
): VoicePair[] {
  const ofLanguage = pairs.filter((pair) => pair.language === language);
  return closestPairs(ofLanguage, {
    type: request.type,
    kind: request.kind,
    channel: channelOf(request),
    language,
    about: subjectSearchText(request.about),
  });
}

/**
 * The offline engine's draft in the user's learned habits: the greeting, sign-off and length
 * learned from the messages they sent in the draft's language (of its kind when there are
 * some), applied to a reply or proactive message. Posts are left as they are.
 */
export function offlineInHabits(
  draft: string,
  request: DraftRequest,
  language: TemplateLanguage,
  pairs: readonly VoicePair[],
): { text: string; learned: LearnedUse } {
  const learnFrom = pairsToLearnFrom(pairs, { type: request.type, kind: request.kind, language });
  if (learnFrom.length === 0) return { text: draft, learned: { examples: [], habits: [] } };
  const followed = followHabits(draft, habitsOf(learnFrom), request.about.contact?.name ?? null);
  return {
    text: followed.text,
    learned: { examples: followed.applied.length > 0 ? learnFrom.slice(0, 3) : [], habits: followed.applied },
  };
}

/** The provenance of one draft. */
export function provenanceOf(input: {
  request: Pick<DraftRequest, 'type' | 'kind'>;
  engine: DraftEngine;
  temperature: number | null;
  voice: Voice | null;
  /** The persona's id (the voice's). */
  personaId: string | null;
  language: LanguageDecision;
  learned: LearnedUse;
}): DraftProvenance {
  const { request, engine, voice, personaId, language, learned } = input;
  return {
    engine: engine.kind,
    model: engine.model,
    temperature: engine.kind === 'model' ? input.temperature : null,
    persona: voice
      ? {
          id: personaId ?? '',
          name: voice.name,
          fields:
            engine.kind === 'model'
              ? fieldsForModel(voice)
              : fieldsOffline(voice, request, language.code, learned.habits),
        }
      : null,
    examples: learned.examples.map(shownPair),
    habits: learned.habits,
    language: {
      code: language.code,
      reason: language.reason,
      ...(language.from ? { from: language.from } : {}),
    },
  };
}
