import type {
  DraftKind,
  DraftProvenance,
  KnowledgeSource,
  TaskType,
  TemplateLanguage,
} from '@doppel/contracts';
import type { Actor } from '../../lib/actor';
import type { Subject } from '../engine';
import type { ProactiveIntent } from './proactive-openers';

/** What can be drafted: every task type but a High Concept Analysis, whose result is a proposal. */
export type DraftType = Exclude<TaskType, 'high_concept_analysis'>;

/**
 * What to write, whatever its length: for whom (the actor, in the voice of their persona and
 * grounded in their knowledge base), what kind of text (a reply, a proactive message and why it
 * is written, a post, a comment), what it is about, and in which language. Nothing in it needs a
 * task: the tasks module turns a task into one, the public API a message and its contact.
 */
export type DraftBrief = (
  { type: 'proactive_message'; intent: ProactiveIntent } | { type: Exclude<DraftType, 'proactive_message'> }
) & {
  actor: Actor;
  /**
   * What it is about: the contact, the message or trigger answered, the analysis. A model also
   * reads the recent conversation with the contact, and the knowledge base is searched with its
   * words.
   */
  about: Subject;
  /** The language to write in; else the draft language rule picks it (see draftLanguage). */
  language?: TemplateLanguage;
  /** The language the message or trigger is written in, as an analysis found it. */
  foundLanguage?: string;
  /** What the knowledge-base passages drawn on are counted as used by ('task:<id>', an API key). */
  usedBy: string;
  /** The campaign a model's tokens are metered to. */
  campaignId?: string;
};

/** One draft to write: quick (one to three sentences) or detailed (a few short paragraphs). */
export type DraftRequest = DraftBrief & { kind: DraftKind };

/** Who wrote a draft: the user's language model (named), or the offline engine. */
export interface DraftEngine {
  kind: 'offline' | 'model';
  model: string | null;
}

interface Drafted {
  language: TemplateLanguage;
  /** The knowledge-base passages the draft draws on, cited under it. */
  sources: KnowledgeSource[];
  /** Counts the use of those passages for the brief's usedBy; call it once the draft is kept. */
  recordUse: () => Promise<void>;
}

/** A complete draft. */
export interface WrittenDraft extends Drafted {
  kind: DraftKind;
  text: string;
  engine: DraftEngine;
  /** What it was written with ("Why this draft", decision 037). */
  provenance: DraftProvenance;
}

/** A draft as it is written: the model's deltas, or the offline draft at once. */
export interface StreamedDraft extends Drafted {
  kind: DraftKind;
  engine: DraftEngine;
  textStream: AsyncIterable<string>;
  /** What it is written with ("Why this draft", decision 037). */
  provenance: DraftProvenance;
}

/** Several drafts by the offline engine, by kind (quick, detailed, or a post kind). */
export interface OfflineDrafts extends Drafted {
  texts: Record<string, string>;
  /** By the same keys, what each was written with ("Why this draft", decision 037). */
  provenance?: Record<string, DraftProvenance>;
}
