import {
  fillTemplate,
  findTemplate,
  postDraftKinds,
  templatesFor,
  type DraftKind,
  type KnowledgeSource,
  type TemplateLanguage,
} from '@doppel/contracts';
import { proseSentences } from '../knowledge';
import type { DraftBrief, DraftRequest } from './draft-request';
import { proactiveOpener } from './proactive-openers';
import { inLanguage, offlineDraftInVoice, type Voice } from './voice';

/** Values for the templates' {name}, {company} and {message}: the contact, else the trigger. */
function templateValues({ about }: DraftBrief): Record<string, string> {
  const { trigger } = about;
  return {
    name: about.contact?.name ?? trigger.originalAuthor ?? '',
    company: about.contact?.company ?? trigger.jobChangeCompany ?? '',
    message:
      about.messageAsWritten ??
      about.message ??
      trigger.newsTitle ??
      trigger.linkedinActivity ??
      trigger.originalPost ??
      (about.details || about.title),
  };
}

/**
 * The template a draft is filled from: a proactive message's opener for its intent; for posts,
 * the post kind postDraftKinds fixes for the draft kind (the same in every language: LinkedIn
 * quick = insight, detailed = story; Reddit post quick = question, detailed = discussion; Reddit
 * comment quick = supportive, detailed = expert); for replies, the kind itself.
 */
function templateFor(request: DraftRequest, language: TemplateLanguage): string {
  const { kind } = request;
  if (request.type === 'proactive_message') return proactiveOpener(request.intent, language, kind);
  const templateKind = request.type === 'message_reply' ? kind : postDraftKinds[request.type][kind];
  const template = findTemplate(request.type, language, templateKind);
  if (!template) throw new Error(`No ${templateKind} template for ${request.type} in ${language}`);
  return template.content;
}

/**
 * The offline engine's draft: the matching template filled from the request, with a line of
 * the user's knowledge when one fits, then written in the voice of the user's persona.
 */
export function offlineDraft(
  request: DraftRequest,
  language: TemplateLanguage,
  voice: Voice | null,
  sources: KnowledgeSource[] = [],
): string {
  const { kind, type } = request;
  const draft = withKnowledge(
    fillTemplate(templateFor(request, language), templateValues(request)),
    sources,
    {
      kind,
      language,
    },
  );
  return voice ? offlineDraftInVoice(draft, voice, { type, kind, language }) : draft;
}

/**
 * A detailed draft carries the first sentence of the best-matching passage of the user's
 * knowledge base, when written in the draft's language (the offline engine cannot translate; a
 * sentence whose language cannot be told is left out). It sits before the closing line, and the
 * user reviews it like the rest before sending.
 */
function withKnowledge(
  draft: string,
  sources: KnowledgeSource[],
  input: { kind: DraftKind; language: TemplateLanguage },
): string {
  if (input.kind !== 'detailed') return draft;
  const firstSentences = sources.flatMap((source) => proseSentences(source.snippet).slice(0, 1));
  const sentence = inLanguage(firstSentences, input.language);
  if (!sentence) return draft;
  const paragraphs = draft.split('\n\n');
  return paragraphs.length > 1
    ? [...paragraphs.slice(0, -1), sentence, paragraphs.at(-1)].join('\n\n')
    : `${draft}\n\n${sentence}`;
}

/**
 * A post's offline drafts, one per post kind in the language (LinkedIn: professional,
 * story, insight; Reddit posts: discussion, showcase, question; comments: supportive, expert,
 * question), keyed by that kind: the engine's quick/detailed draft where a kind is one of those.
 */
export function offlinePostDrafts(
  brief: DraftBrief,
  language: TemplateLanguage,
  voice: Voice | null,
  sources: KnowledgeSource[],
): Record<string, string> {
  if (brief.type !== 'linkedin_post' && brief.type !== 'reddit_post' && brief.type !== 'reddit_comment') {
    throw new Error(`${brief.type} is not a post`);
  }
  const { type } = brief;
  const mapped = postDraftKinds[type];
  const draftOfKind = (kind: string): string => {
    if (kind === mapped.quick) return offlineDraft({ ...brief, kind: 'quick' }, language, voice, sources);
    if (kind === mapped.detailed)
      return offlineDraft({ ...brief, kind: 'detailed' }, language, voice, sources);
    const template = findTemplate(type, language, kind);
    if (!template) throw new Error(`No ${kind} template for ${type} in ${language}`);
    const draft = fillTemplate(template.content, templateValues(brief));
    return voice ? offlineDraftInVoice(draft, voice, { type, kind: 'quick', language }) : draft;
  };
  return Object.fromEntries(
    templatesFor(type, language).map((template) => [template.kind, draftOfKind(template.kind)]),
  );
}
