import { templateLanguages, type TaskContext, type TemplateLanguage } from '@doppel/contracts';
import { detectLanguage } from './detect-language';

/*
 * Doppel reads any language the detector knows, but writes in five (the interface languages,
 * TemplateLanguage). A contact writing in another language is answered in English, and the task
 * says so (its context's languageFallback), while the contact keeps its real language.
 */

export interface WritingLanguage {
  /** The language Doppel writes in: one of the five. */
  language: TemplateLanguage;
  /** The contact's language (ISO 639-1) when Doppel cannot write it and English stands in. */
  fellBackFrom?: string;
}

/** 'pt-BR', 'en_US', ' IT ' → 'pt', 'en', 'it'; anything that is not a language code → null. */
function primaryCode(code: string | null | undefined): string | null {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

/**
 * The language to write to someone whose language is `code`: theirs when Doppel writes it, else
 * English, saying which language it fell back from. No language (or no code) is English, with
 * nothing to say.
 */
export function writingLanguage(code: string | null | undefined): WritingLanguage {
  const primary = primaryCode(code);
  if (!primary) return { language: 'en' };
  if ((templateLanguages as readonly string[]).includes(primary)) {
    return { language: primary as TemplateLanguage };
  }
  return { language: 'en', fellBackFrom: primary };
}

/**
 * The language to answer a text in: the one it is written in, else the contact's known one —
 * as Doppel can write it (see writingLanguage).
 */
export function languageToAnswer(
  text: string | null | undefined,
  contactLanguage?: string | null,
): WritingLanguage {
  const detected = text ? detectLanguage(text) : null;
  return writingLanguage(detected ?? contactLanguage);
}

/** What a task's context says of the language decision: the fallback, when there was one. */
export function languageFallbackOf(
  decision: WritingLanguage,
): Pick<TaskContext, 'languageFallback'> | Record<string, never> {
  return decision.fellBackFrom ? { languageFallback: { detected: decision.fellBackFrom } } : {};
}
