import { isPostTask, type DraftKind, type TemplateLanguage } from '@doppel/contracts';
import { detectLanguage } from '../language';
import type { Voice } from '../engine';

export type { Voice };
import type { DraftType } from './draft-request';

/*
 * The twin writing as the user's persona: the offline engine signs and closes as it, a model is
 * told who it is and how it speaks.
 */

export type Formality = 'formal' | 'casual' | 'neutral';

/** Words in the five languages by which a communication style says how formal it is. */
const FORMAL =
  /(formal|professional|official|reserved|polite|формальн|официальн|делов|сдержан|formel|professionnel|soutenu|profesional|serio|förmlich|formell|seriös|sachlich)/iu;
const CASUAL =
  /(casual|informal|friendly|relaxed|playful|warm|неформальн|дружелюбн|непринужд|тёпл|тепл|décontract|amical|chaleureu|cercano|amistos|informell|locker|freundschaftlich|herzlich)/iu;

/** How formal the persona writes, read from its communication and personal style. */
export function formalityOf(voice: Voice): Formality {
  const style = `${voice.communicationStyle} ${voice.brandPersonalStyle}`;
  // "informal" contains "formal": casual words are checked first.
  if (CASUAL.test(style)) return 'casual';
  if (FORMAL.test(style)) return 'formal';
  return 'neutral';
}

const CLOSINGS: Record<TemplateLanguage, Record<Formality, string>> = {
  en: { formal: 'Kind regards', neutral: 'Best', casual: 'Cheers' },
  ru: { formal: 'С уважением', neutral: 'Всего доброго', casual: 'Хорошего дня!' },
  fr: { formal: 'Veuillez agréer mes salutations distinguées', neutral: 'Bien à vous', casual: 'À bientôt' },
  es: { formal: 'Atentamente', neutral: 'Saludos', casual: '¡Un abrazo!' },
  de: { formal: 'Mit freundlichen Grüßen', neutral: 'Beste Grüße', casual: 'Liebe Grüße' },
};

/**
 * A line written by the user in the draft's language (the offline engine cannot translate). A
 * line whose language cannot be told is left out: it could be in any language.
 */
export function inLanguage(lines: readonly string[], language: TemplateLanguage): string | undefined {
  return lines.find((line) => detectLanguage(line) === language);
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The offline engine writing as the persona: the template's closing becomes the persona's
 * (by how formal its style is) and is signed with its first name; a detailed reply carries the
 * persona's first key message, a post its first tagline — when written in the draft's language.
 */
export function offlineDraftInVoice(
  draft: string,
  voice: Voice,
  input: { type: DraftType; kind: DraftKind; language: TemplateLanguage },
): string {
  if (isPostTask(input.type)) {
    const tagline = inLanguage(voice.brandTaglines, input.language);
    return tagline ? `${draft}\n\n${tagline}` : draft;
  }
  const paragraphs = draft.split('\n\n');
  const closing = `${CLOSINGS[input.language][formalityOf(voice)]}\n${firstName(voice.name)}`;
  const keyMessage =
    input.kind === 'detailed' ? inLanguage(voice.highConceptKeyMessages, input.language) : undefined;
  // Templates of more than one paragraph end with a closing line ("Best regards"); it is replaced.
  const body = paragraphs.length > 1 ? paragraphs.slice(0, -1) : paragraphs;
  return [...body, ...(keyMessage ? [keyMessage] : []), closing].join('\n\n');
}

/** The persona as a model is told to write: who it is and how it speaks. */
export function describeVoice(voice: Voice): string[] {
  const lines = [
    `Write as ${voice.name}${voice.position ? `, ${voice.position}` : ''}${voice.companyName ? ` at ${voice.companyName}` : ''}.`,
  ];
  if (voice.communicationStyle) lines.push(`Communication style: ${voice.communicationStyle}`);
  if (voice.brandPersonalStyle) lines.push(`Personal style: ${voice.brandPersonalStyle}`);
  if (voice.coreValues.length > 0) lines.push(`Values: ${voice.coreValues.join('; ')}`);
  if (voice.highConceptKeyMessages.length > 0) {
    lines.push(`Key messages to weave in where they fit: ${voice.highConceptKeyMessages.join('; ')}`);
  }
  if (voice.brandTaglines.length > 0) lines.push(`Brand taglines: ${voice.brandTaglines.join('; ')}`);
  if (voice.contextualPromptTemplate) lines.push(voice.contextualPromptTemplate);
  return lines;
}
