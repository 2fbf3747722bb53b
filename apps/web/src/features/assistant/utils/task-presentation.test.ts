import { describe, expect, it } from 'vitest';
import { composerHeight } from './composer-height';
import { languageName } from '@/lib/i18n';
import { contactLanguage, recommendationTone, replySubject, taskSource } from './task-presentation';

const task = (fields: Partial<Parameters<typeof taskSource>[0]> = {}) => ({
  type: 'message_reply' as const,
  context: {},
  contact: null,
  ...fields,
});
const contact = (source: 'whatsapp' | 'gmail' | 'email' | 'other' | 'telegram') => ({
  id: 'c',
  name: 'Anna',
  company: null,
  language: 'de',
  source,
});

describe('recommendation colour rule', () => {
  it('marks 24H and URGENT red, OPPORTUNITY green, SOCIAL blue, anything else amber', () => {
    expect(recommendationTone('Reply within 24h')).toBe('urgent');
    expect(recommendationTone('URGENT: call back')).toBe('urgent');
    expect(recommendationTone('Big OPPORTUNITY here')).toBe('opportunity');
    expect(recommendationTone('social proof post')).toBe('social');
    expect(recommendationTone('Follow up next week')).toBe('default');
    // Urgency wins over the rest.
    expect(recommendationTone('URGENT opportunity')).toBe('urgent');
  });

  it('follows the kind the engine gave, in whatever language the recommendation is written', () => {
    expect(recommendationTone('СРОЧНО: ответьте в течение 24 часов', 'urgent')).toBe('urgent');
    expect(recommendationTone('CHANCE: bezahltes Pilotprojekt', 'opportunity')).toBe('opportunity');
    expect(recommendationTone('RÉSEAUX : participez à la discussion', 'social')).toBe('social');
    expect(recommendationTone('Answer within 24H, URGENT', 'other')).toBe('default');
  });
});

describe('source badge mapping', () => {
  it('names the known channels and falls back to Social or Message', () => {
    expect(taskSource(task({ contact: contact('whatsapp') }))).toEqual({ brand: 'WhatsApp' });
    expect(taskSource(task({ contact: contact('gmail') }))).toEqual({ brand: 'Gmail' });
    expect(taskSource(task({ contact: contact('telegram') }))).toEqual({ brand: 'Telegram' });
    expect(taskSource(task({ type: 'linkedin_post' }))).toEqual({ brand: 'LinkedIn' });
    expect(taskSource(task({ type: 'reddit_comment' }))).toEqual({ brand: 'Reddit' });
    expect(taskSource(task({ contact: contact('email') }))).toEqual({ generic: 'email' });
    expect(
      taskSource(task({ contact: contact('other'), context: { triggerType: 'social_comment' } })),
    ).toEqual({ generic: 'social' });
  });
});

describe('contact language', () => {
  it('is the contact’s own language, undetermined when there is none', () => {
    expect(contactLanguage('en')).toBe('en');
    expect(contactLanguage('fr-CA')).toBe('fr');
    expect(contactLanguage('es')).toBe('es');
    // A contact may write in a language Doppel does not write: it is theirs, not Russian.
    expect(contactLanguage('it')).toBe('it');
    expect(contactLanguage('UK')).toBe('uk');
    expect(contactLanguage('fil')).toBe('fil');
    expect(contactLanguage(undefined)).toBe('und');
    expect(contactLanguage('not a code')).toBe('und');
  });

  it('names any language in the interface language', () => {
    expect(languageName('it', 'en')).toBe('Italian');
    expect(languageName('it', 'ru-RU')).toBe('итальянский');
    expect(languageName('uk', 'de')).toBe('Ukrainisch');
    expect(languageName('nl', 'fr')).toBe('néerlandais');
    expect(languageName('pt', 'es')).toBe('portugués');
    expect(languageName('??', 'en')).toBe('??');
  });

  it('capitalises the name at the start of a line, as the language writes it there', () => {
    expect(languageName('it', 'ru-RU', { atStart: true })).toBe('Итальянский');
    expect(languageName('nl', 'fr', { atStart: true })).toBe('Néerlandais');
    expect(languageName('xx', 'en', { atStart: true })).toBe('XX');
  });
});

describe('composer textarea height', () => {
  it('starts at 120 px and grows 20 px per wrapped line of 80 characters', () => {
    expect(composerHeight('', 1000)).toBe(120);
    expect(composerHeight('a\n'.repeat(5), 1000)).toBe(120);
    expect(composerHeight('line\n'.repeat(9), 1000)).toBe(200);
    expect(composerHeight('x'.repeat(800), 1000)).toBe(200);
  });

  it('stops at 400 px or half the window, whichever is smaller', () => {
    const long = 'line\n'.repeat(100);
    expect(composerHeight(long, 1000)).toBe(400);
    expect(composerHeight(long, 600)).toBe(300);
    // Never below the minimum, even in a very short window.
    expect(composerHeight(long, 100)).toBe(120);
  });
});

describe('reply subject', () => {
  it('answers "Re: " and the contact’s subject, once, and nothing without a subject', () => {
    expect(replySubject('Pilot next month')).toBe('Re: Pilot next month');
    expect(replySubject('  Pilot  ')).toBe('Re: Pilot');
    expect(replySubject('Re: Pilot next month')).toBe('Re: Pilot next month');
    expect(replySubject('RE:Pilot')).toBe('RE:Pilot');
    expect(replySubject('Reply needed')).toBe('Re: Reply needed');
    expect(replySubject('')).toBe('');
    expect(replySubject(undefined)).toBe('');
  });
});
