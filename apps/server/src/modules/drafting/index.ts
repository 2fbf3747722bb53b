/*
 * Drafting: the twin writes a reply, a proactive message, a post or a comment from a
 * DraftRequest — by the user's language model, streamed or whole, or by the offline engine — in
 * the voice of the user's persona and grounded in their knowledge base. It knows nothing of
 * tasks: the tasks module, the public API, signals and campaigns describe what to write, and keep
 * the result where they need it. Other modules import this file only.
 */
export type {
  DraftBrief,
  DraftEngine,
  DraftRequest,
  DraftType,
  OfflineDrafts,
  StreamedDraft,
  WrittenDraft,
} from './draft-request';
export type { ProactiveIntent } from './proactive-openers';
export { PROACTIVE_OPENERS, proactiveOpener } from './proactive-openers';
export { draftLanguage, type LanguageHints } from './draft-language';
export { offlineDraft } from './offline-draft';
export { recentHistory } from './recent-history';
export { streamDraft, writeDraft, writeOfflineDrafts, writePostDrafts } from './write-draft';
export { learnedVoiceRoutes } from './learned-voice.routes';
export { learnFromSentMessage, type SentFromDraft } from './voice-examples';
export { writePostSuggestions, type PostSuggestions } from './post-suggestions';
