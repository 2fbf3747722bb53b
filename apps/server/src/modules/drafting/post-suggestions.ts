import {
  postSuggestionKinds,
  postSuggestionsSchema,
  type ModelFallback,
  type PostSuggestionType,
} from '@doppel/contracts';
import { eq, users } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { generateObjectForUser, resolveModel } from '../ai-models';
import { describeSubject, LANGUAGE_NAMES } from '../engine';
import { describePassages } from '../knowledge';
import type { DraftBrief, DraftEngine, OfflineDrafts } from './draft-request';
import { provenanceOf } from './provenance';
import { describeVoice } from './voice';
import { drafted, materialsFor, writePostDrafts } from './write-draft';

const OFFLINE_ENGINE: DraftEngine = { kind: 'offline', model: null };

/** A post's suggestions, one per post kind, and who wrote them. */
export interface PostSuggestions extends OfflineDrafts {
  engine: DraftEngine;
  /** The model's answer failed the schema, its repair too: the texts are the offline engine's. */
  fallback: ModelFallback | null;
}

const WHAT: Record<PostSuggestionType, string> = {
  linkedin_post: "LinkedIn posts for the user's audience about the topic below",
  reddit_post: 'Reddit posts that start a genuine discussion about the topic below',
  reddit_comment: 'Reddit comments that add experience to the thread below, without a pitch',
};

/** What each post kind asks for. */
const KIND: Record<string, string> = {
  professional: 'polished and professional, one idea and a question to the reader',
  story: 'a short story from the user’s own work, with what they learned',
  insight: 'one sharp insight in a few lines',
  discussion: 'opens a discussion: the user’s experience, then asks for others’',
  showcase: 'shows something the user made or did, modestly, and asks for feedback',
  question: 'a genuine question to the community or the author',
  supportive: 'agrees and adds a similar experience',
  expert: 'adds expert advice from experience',
};

function isPostType(type: DraftBrief['type']): type is PostSuggestionType {
  return type in postSuggestionKinds;
}

/**
 * A post task's suggestions — one text per post kind of its type (LinkedIn: professional, story,
 * insight; …) — by the user's language model in one structured answer (contracts'
 * postSuggestionsSchema, metered as 'draft'), else by the offline engine. An answer that fails
 * the schema gets one repair attempt; then the offline engine's suggestions are used, and
 * `fallback` says why.
 */
export async function writePostSuggestions(ctx: AppContext, brief: DraftBrief): Promise<PostSuggestions> {
  if (!isPostType(brief.type)) throw new Error(`${brief.type} is not a post`);
  const type = brief.type;
  const offline = async (fallback: ModelFallback | null): Promise<PostSuggestions> => ({
    ...(await writePostDrafts(ctx, brief)),
    engine: OFFLINE_ENGINE,
    fallback,
  });
  const model = await resolveModel(ctx, brief.actor);
  if (model.kind === 'offline') return offline(null);

  const materials = await materialsFor(ctx, brief);
  const { language, voice, grounding } = materials;
  const { userId } = brief.actor;
  const [user] = await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  const kinds = postSuggestionKinds[type];
  const system = [
    [
      `You are the digital twin of ${user?.fullName || 'the user'}: you write in their name, in the first person.`,
      `Suggest ${WHAT[type]}, in ${LANGUAGE_NAMES[language]}, one of each kind: ${kinds.map((kind) => `"${kind}" (${KIND[kind] ?? kind})`).join('; ')}.`,
      'Answer with one JSON object of the given schema and nothing else: each key is a kind, its value the text to publish, without a title line or notes to the user.',
    ].join(' '),
    ...(voice ? describeVoice(voice) : []),
    ...describePassages(grounding.sources),
  ].join('\n');
  const answer = await generateObjectForUser(ctx, userId, model, {
    purpose: 'draft',
    system,
    prompt: describeSubject(brief.about, []).join('\n'),
    campaignId: brief.campaignId,
    schema: postSuggestionsSchema(type),
    schemaName: 'post_suggestions',
  });
  if (!answer.ok) return offline({ reason: answer.reason, model: answer.model });
  const engine: DraftEngine = { kind: 'model', model: model.config.model };
  // "Why this draft": the model, its temperature, the persona and the language (decision 037).
  const shown = provenanceOf({
    request: { type, kind: 'quick' },
    engine,
    temperature: model.preferences.temperature,
    voice,
    personaId: materials.personaId,
    language: materials.languageDecision,
    learned: { examples: [], habits: [] },
  });
  return {
    ...drafted(brief, materials),
    texts: answer.object,
    provenance: Object.fromEntries(Object.keys(answer.object).map((kind) => [kind, shown])),
    engine,
    fallback: null,
  };
}
