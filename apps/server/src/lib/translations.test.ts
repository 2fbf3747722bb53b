import { describe, expect, it } from 'vitest';
import { textLanguage, translate } from './translations';

describe('translations the server writes from', () => {
  it('fills values, and picks each language’s plural form by its own rules', () => {
    const plan = (language: 'en' | 'ru' | 'de', count: number) =>
      translate(language, 'signals.contentPlan.summary', { count, platform: 'LinkedIn', theme: 'CRM' });
    expect(plan('en', 1)).toBe('Content plan, 1 post a week: a LinkedIn post on “CRM”.');
    expect(plan('en', 3)).toBe('Content plan, 3 posts a week: a LinkedIn post on “CRM”.');
    expect(plan('ru', 1)).toContain('1 пост в неделю');
    expect(plan('ru', 3)).toContain('3 поста в неделю');
    expect(plan('ru', 5)).toContain('5 постов в неделю');
    expect(plan('ru', 21)).toContain('21 пост в неделю');
    expect(plan('de', 2)).toContain('2 Beiträge pro Woche');
  });

  it('writes in one of its five languages, else English; a key missing everywhere is a bug', () => {
    expect(textLanguage('ru-RU')).toBe('ru');
    expect(textLanguage('it')).toBe('en');
    expect(textLanguage(null)).toBe('en');
    expect(() => translate('fr', 'analysis.noSuchKey')).toThrow(/No text for twin:analysis.noSuchKey/);
    expect(() => translate('fr', 'analysis.theContact', {}, 'demo')).toThrow(
      /No text for demo:analysis.theContact/,
    );
  });
});
