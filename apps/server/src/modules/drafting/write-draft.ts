import type { DraftKind, TemplateLanguage } from '@doppel/contracts';
import { eq, users } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { yieldOnce } from '../../lib/yield-once';
import {
  generateForUser,
  type ProviderModel,
  resolveModel,
  streamForUser,
  type UserModelRequest,
} from '../ai-models';
import { subjectSearchText } from '../engine';
import type { Voice } from '../engine';
import { groundIn, type Grounding } from '../knowledge';
import { getTwinVoice } from '../personas';
import { draftLanguage } from './draft-language';
import { buildDraftPrompt } from './draft-prompt';
import type {
  DraftBrief,
  DraftEngine,
  DraftRequest,
  OfflineDrafts,
  StreamedDraft,
  WrittenDraft,
} from './draft-request';
import { offlineDraft, offlinePostDrafts } from './offline-draft';
import { recentHistory } from './recent-history';

const OFFLINE_ENGINE: DraftEngine = { kind: 'offline', model: null };

/** What every draft of a brief is written with, read once however many drafts are written. */
interface Materials {
  language: TemplateLanguage;
  /** The persona the twin writes as, when the user has one. */
  voice: Voice | null;
  grounding: Grounding;
}

async function materialsFor(ctx: AppContext, brief: DraftBrief): Promise<Materials> {
  const { userId } = brief.actor;
  const [language, voice, grounding] = await Promise.all([
    brief.language ??
      draftLanguage(ctx, userId, { found: brief.foundLanguage, contact: brief.about.contact?.language }),
    getTwinVoice(ctx.db, userId),
    groundIn(ctx, userId, subjectSearchText(brief.about)),
  ]);
  return { language, voice, grounding };
}

function drafted(brief: DraftBrief, { language, grounding }: Materials) {
  return {
    language,
    sources: grounding.sources,
    recordUse: () => grounding.recordUse(brief.usedBy),
  };
}

/** The offline engine's draft of the request. */
function offlineText(request: DraftRequest, { language, voice, grounding }: Materials): string {
  return offlineDraft(request, language, voice, grounding.sources);
}

/**
 * The model call that writes the draft: what the model is told (with the user's name and the
 * recent conversation with the contact), metered to the brief's campaign when it has one.
 */
async function modelCall(
  ctx: AppContext,
  request: DraftRequest,
  materials: Materials,
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
  });
  return { purpose: 'draft', system, prompt, signal, campaignId: request.campaignId };
}

/** What a draft is written with, and by which engine: the user's model, or the offline engine. */
async function begin(ctx: AppContext, request: DraftRequest) {
  const [materials, model] = await Promise.all([
    materialsFor(ctx, request),
    resolveModel(ctx, request.actor),
  ]);
  return { materials, model, base: { ...drafted(request, materials), kind: request.kind } };
}

const modelEngine = (model: ProviderModel): DraftEngine => ({ kind: 'model', model: model.config.model });

/**
 * One complete draft: by the user's language model when one is configured (and not in demo
 * mode), else by the offline engine; in the voice of the user's persona and grounded in their
 * knowledge base. The model's tokens are metered (to the brief's campaign, when it has one).
 */
export async function writeDraft(ctx: AppContext, request: DraftRequest): Promise<WrittenDraft> {
  const { materials, model, base } = await begin(ctx, request);
  if (model.kind === 'offline') {
    return { ...base, text: offlineText(request, materials), engine: OFFLINE_ENGINE };
  }
  const call = await modelCall(ctx, request, materials);
  const answer = await generateForUser(ctx, request.actor.userId, model, call);
  return { ...base, text: answer.text.trim(), engine: modelEngine(model) };
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
  const { materials, model, base } = await begin(ctx, request);
  if (model.kind === 'offline') {
    return { ...base, engine: OFFLINE_ENGINE, textStream: yieldOnce(offlineText(request, materials)) };
  }
  const call = await modelCall(ctx, request, materials, signal);
  const stream = await streamForUser(ctx, request.actor.userId, model, call);
  return { ...base, engine: modelEngine(model), textStream: stream.textStream };
}

/** Drafts of several kinds by the offline engine, with one read of the language and knowledge. */
export async function writeOfflineDrafts(
  ctx: AppContext,
  brief: DraftBrief,
  kinds: readonly DraftKind[],
): Promise<OfflineDrafts> {
  const materials = await materialsFor(ctx, brief);
  const texts = Object.fromEntries(kinds.map((kind) => [kind, offlineText({ ...brief, kind }, materials)]));
  return { ...drafted(brief, materials), texts };
}

/** A post's offline drafts, one per post kind in its language, keyed by that kind. */
export async function writePostDrafts(ctx: AppContext, brief: DraftBrief): Promise<OfflineDrafts> {
  const materials = await materialsFor(ctx, brief);
  const { language, voice, grounding } = materials;
  return {
    ...drafted(brief, materials),
    texts: offlinePostDrafts(brief, language, voice, grounding.sources),
  };
}
