import type { DraftKind, DraftProvenance, TemplateLanguage } from '@doppel/contracts';
import { eq, users } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { yieldOnce } from '../../lib/yield-once';
import { generateForUser, type ProviderModel, streamForUser, type UserModelRequest } from '../ai-models';
import { subjectSearchText } from '../engine';
import type { Voice } from '../engine';
import { groundIn, type Grounding } from '../knowledge';
import { getTwinVoice } from '../personas';
import { buildDraftPrompt } from './draft-prompt';
import { campaignAi, draftingModel, type CampaignAi } from './campaign-ai';
import type {
  DraftBrief,
  DraftEngine,
  DraftRequest,
  OfflineDrafts,
  StreamedDraft,
  WrittenDraft,
} from './draft-request';
import { offlineDraft, offlinePostDrafts } from './offline-draft';
import type { VoicePair } from './learned-voice';
import {
  examplesForModel,
  languageDecision,
  offlineInHabits,
  provenanceOf,
  type LanguageDecision,
  type LearnedUse,
} from './provenance';
import { voicePairs } from './voice-examples';
import { recentHistory } from './recent-history';

const OFFLINE_ENGINE: DraftEngine = { kind: 'offline', model: null };
const modelEngine = (model: ProviderModel): DraftEngine => ({ kind: 'model', model: model.config.model });

/** What every draft of a brief is written with, read once however many drafts are written. */
export interface Materials {
  language: TemplateLanguage;
  /** Why the draft is in that language ("Why this draft"). */
  languageDecision: LanguageDecision;
  /** The persona the twin writes as, when the user has one. */
  voice: Voice | null;
  personaId: string | null;
  /** The persona's newest (draft, sent) pairs: the voice learned from the user (decision 037). */
  pairs: VoicePair[];
  grounding: Grounding;
}

export async function materialsFor(ctx: AppContext, brief: DraftBrief): Promise<Materials> {
  const { userId } = brief.actor;
  const [languageDecided, { voice, pairs }, grounding] = await Promise.all([
    languageDecision(ctx, brief),
    getTwinVoice(ctx.db, userId).then(async (voice) => ({
      voice,
      pairs: await voicePairs(ctx.db, userId, voice?.id ?? null),
    })),
    groundIn(ctx, userId, subjectSearchText(brief.about)),
  ]);
  return {
    language: languageDecided.code,
    languageDecision: languageDecided,
    voice,
    personaId: voice?.id ?? null,
    pairs,
    grounding,
  };
}

export function drafted(brief: DraftBrief, { language, grounding }: Materials) {
  return {
    language,
    sources: grounding.sources,
    recordUse: () => grounding.recordUse(brief.usedBy),
  };
}

/** The offline engine's draft of the request, in the habits learned from the user's edits. */
function offlineWritten(request: DraftRequest, { language, voice, grounding, pairs }: Materials) {
  return offlineInHabits(offlineDraft(request, language, voice, grounding.sources), request, language, pairs);
}

/** "Why this draft": what it was written with, by which engine (decision 037). */
function provenance(
  request: DraftRequest,
  materials: Materials,
  engine: DraftEngine,
  learned: LearnedUse,
  temperature: number | null = null,
): DraftProvenance {
  return provenanceOf({
    request,
    engine,
    temperature,
    voice: materials.voice,
    personaId: materials.personaId,
    language: materials.languageDecision,
    learned,
  });
}

/** A model's provenance: the examples it was shown and the temperature it was called with. */
function modelProvenance(
  request: DraftRequest,
  materials: Materials,
  model: ProviderModel,
  call: UserModelRequest,
): DraftProvenance {
  const examples = examplesForModel(materials.pairs, request, materials.language);
  return provenance(
    request,
    materials,
    modelEngine(model),
    { examples, habits: [] },
    call.temperature ?? model.preferences.temperature,
  );
}

/**
 * The model call that writes the draft: what the model is told (with the user's name and the
 * recent conversation with the contact), metered to the brief's campaign when it has one.
 */
async function modelCall(
  ctx: AppContext,
  request: DraftRequest,
  materials: Materials,
  campaign: CampaignAi | null,
  signal?: AbortSignal,
): Promise<UserModelRequest> {
  const { userId } = request.actor;
  const [user] = await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  const { contact } = request.about;
  const history = contact ? await recentHistory(ctx, userId, contact.id) : [];
  const { system, prompt } = buildDraftPrompt({
    request,
    language: materials.language,
    userName: user?.fullName ?? 'the user',
    voice: materials.voice,
    history,
    sources: materials.grounding.sources,
    examples: examplesForModel(materials.pairs, request, materials.language),
    personalization: campaign?.personalization,
  });
  return {
    purpose: 'draft',
    system,
    prompt,
    signal,
    campaignId: request.campaignId,
    // A campaign's drafts use its own temperature and max tokens (decision 036).
    ...(campaign && { temperature: campaign.temperature, maxOutputTokens: campaign.maxTokens }),
  };
}

/** What a draft is written with, and by which engine: the user's model, or the offline engine. */
async function begin(ctx: AppContext, request: DraftRequest) {
  // A campaign task drafts with the campaign's model and settings, within its budget (decision 036).
  const campaign = await campaignAi(ctx, request.actor.userId, request.campaignId);
  const [materials, model] = await Promise.all([
    materialsFor(ctx, request),
    draftingModel(ctx, request.actor, campaign),
  ]);
  return { materials, model, campaign, base: { ...drafted(request, materials), kind: request.kind } };
}

/**
 * One complete draft: by the user's language model when one is configured (and not in demo
 * mode), else by the offline engine; in the voice of the user's persona and grounded in their
 * knowledge base. The model's tokens are metered (to the brief's campaign, when it has one).
 */
export async function writeDraft(ctx: AppContext, request: DraftRequest): Promise<WrittenDraft> {
  const { materials, model, campaign, base } = await begin(ctx, request);
  if (model.kind === 'offline') {
    const { text, learned } = offlineWritten(request, materials);
    return {
      ...base,
      text,
      engine: OFFLINE_ENGINE,
      provenance: provenance(request, materials, OFFLINE_ENGINE, learned),
    };
  }
  const call = await modelCall(ctx, request, materials, campaign);
  const answer = await generateForUser(ctx, request.actor.userId, model, call);
  return {
    ...base,
    text: answer.text.trim(),
    engine: modelEngine(model),
    provenance: modelProvenance(request, materials, model, call),
  };
}

/**
 * Starts writing one draft, streamed: the model's words as they come, or the offline draft at
 * once. Everything that can refuse — quota, demo rules, an unknown model — throws here, before
 * anything is streamed, so a route can still answer with a plain error.
 */
export async function streamDraft(
  ctx: AppContext,
  request: DraftRequest,
  signal?: AbortSignal,
): Promise<StreamedDraft> {
  const { materials, model, campaign, base } = await begin(ctx, request);
  if (model.kind === 'offline') {
    const { text, learned } = offlineWritten(request, materials);
    return {
      ...base,
      engine: OFFLINE_ENGINE,
      textStream: yieldOnce(text),
      provenance: provenance(request, materials, OFFLINE_ENGINE, learned),
    };
  }
  const call = await modelCall(ctx, request, materials, campaign, signal);
  const stream = await streamForUser(ctx, request.actor.userId, model, call);
  return {
    ...base,
    engine: modelEngine(model),
    textStream: stream.textStream,
    provenance: modelProvenance(request, materials, model, call),
  };
}

/** Drafts of several kinds by the offline engine, with one read of the language and knowledge. */
export async function writeOfflineDrafts(
  ctx: AppContext,
  brief: DraftBrief,
  kinds: readonly DraftKind[],
): Promise<OfflineDrafts> {
  const materials = await materialsFor(ctx, brief);
  const written = kinds.map((kind) => {
    const request = { ...brief, kind };
    const { text, learned } = offlineWritten(request, materials);
    return { kind, text, provenance: provenance(request, materials, OFFLINE_ENGINE, learned) };
  });
  return {
    ...drafted(brief, materials),
    texts: Object.fromEntries(written.map(({ kind, text }) => [kind, text])),
    provenance: Object.fromEntries(written.map((draft) => [draft.kind, draft.provenance])),
  };
}

/** A post's offline drafts, one per post kind in its language, keyed by that kind. */
export async function writePostDrafts(ctx: AppContext, brief: DraftBrief): Promise<OfflineDrafts> {
  const materials = await materialsFor(ctx, brief);
  const { language, voice, grounding } = materials;
  const texts = offlinePostDrafts(brief, language, voice, grounding.sources);
  // A post is not learned into: each kind's provenance is the engine's, persona and language.
  const shown = provenance({ ...brief, kind: 'quick' }, materials, OFFLINE_ENGINE, {
    examples: [],
    habits: [],
  });
  return {
    ...drafted(brief, materials),
    texts,
    provenance: Object.fromEntries(Object.keys(texts).map((kind) => [kind, shown])),
  };
}
