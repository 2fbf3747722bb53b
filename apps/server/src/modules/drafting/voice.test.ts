import { describe, expect, it } from 'vitest';
import { formalityOf, offlineDraftInVoice, type Voice } from './voice';

function voice(fields: Partial<Voice>): Voice {
  return {
    name: 'Maya Chen',
    position: '',
    companyName: '',
    communicationStyle: '',
    coreValues: [],
    highConceptKeyMessages: [],
    brandTaglines: [],
    brandPersonalStyle: '',
    contextualPromptTemplate: '',
    highConceptGoal: '',
    highConceptTargetAudience: [],
    ...fields,
  };
}

describe('persona voice in the offline engine', () => {
  it('reads how formal a style is in each language', () => {
    expect(formalityOf(voice({ communicationStyle: 'Formal and precise' }))).toBe('formal');
    expect(formalityOf(voice({ communicationStyle: 'Informal, playful' }))).toBe('casual');
    expect(formalityOf(voice({ communicationStyle: 'Деловой, сдержанный' }))).toBe('formal');
    expect(formalityOf(voice({ brandPersonalStyle: 'Locker und herzlich' }))).toBe('casual');
    expect(formalityOf(voice({ communicationStyle: 'Ton soutenu' }))).toBe('formal');
    expect(formalityOf(voice({ communicationStyle: 'Cercano' }))).toBe('casual');
    expect(formalityOf(voice({ communicationStyle: 'Short sentences' }))).toBe('neutral');
  });

  it("replaces the template's closing with the persona's and signs with its first name", () => {
    const template = 'Hi Anna,\n\nThanks for writing.\n\nBest regards';
    const input = { type: 'message_reply', kind: 'quick', language: 'en' } as const;
    expect(offlineDraftInVoice(template, voice({ communicationStyle: 'formal' }), input)).toBe(
      'Hi Anna,\n\nThanks for writing.\n\nKind regards\nMaya',
    );
    expect(
      offlineDraftInVoice('Hallo Anna, danke!', voice({ communicationStyle: 'locker' }), {
        ...input,
        language: 'de',
      }),
    ).toBe('Hallo Anna, danke!\n\nLiebe Grüße\nMaya');
  });

  it('adds the first key message written in the draft’s language to detailed replies only', () => {
    const persona = voice({
      highConceptKeyMessages: ['Деньги должны двигаться как сообщения', 'Money should move like messages'],
    });
    const template = 'Hi Anna,\n\nThanks.\n\nBest regards';
    expect(
      offlineDraftInVoice(template, persona, { type: 'message_reply', kind: 'detailed', language: 'en' }),
    ).toBe('Hi Anna,\n\nThanks.\n\nMoney should move like messages\n\nBest\nMaya');
    expect(
      offlineDraftInVoice(template, persona, { type: 'message_reply', kind: 'quick', language: 'en' }),
    ).not.toContain('Money');
  });

  it('ends a post with the first tagline in its language, unsigned', () => {
    const persona = voice({ brandTaglines: ['Pay like you text'] });
    expect(
      offlineDraftInVoice('Big news.', persona, { type: 'linkedin_post', kind: 'quick', language: 'en' }),
    ).toBe('Big news.\n\nPay like you text');
  });
});
