import { describe, expect, it } from 'vitest';
import {
  closestPairs,
  differsMeaningfully,
  followHabits,
  greetingOf,
  habitsOf,
  pairsToLearnFrom,
  signOffOf,
  type VoicePair,
} from './learned-voice';

let counter = 0;
function pair(fields: Partial<VoicePair> & Pick<VoicePair, 'sent'>): VoicePair {
  counter += 1;
  return {
    id: `pair-${counter}`,
    taskType: 'message_reply',
    channel: 'telegram',
    language: 'en',
    draftKind: 'quick',
    contactName: 'Anna Schmidt',
    about: '',
    draft: 'Hi Anna Schmidt, thanks — sounds good.',
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, counter)),
    ...fields,
  };
}

describe('what a sent message teaches', () => {
  it('counts a change only when more than spacing changed', () => {
    expect(differsMeaningfully('Hi Anna,\n\nthanks.', '  Hi Anna,   \n\n thanks. ')).toBe(false);
    expect(differsMeaningfully('Hi Anna, thanks.', 'Hey Anna, thanks.')).toBe(true);
    expect(differsMeaningfully('', 'Hey Anna')).toBe(false);
  });

  it('reads the greeting, with the contact named as {name} or {firstName}', () => {
    expect(greetingOf('Hey Anna! Sounds good.', 'Anna')).toBe('Hey {name}!');
    expect(greetingOf('Hey Anna! Sounds good.', 'Anna Schmidt')).toBe('Hey {firstName}!');
    expect(greetingOf('Dear Anna Schmidt,\n\nthank you.', 'Anna Schmidt')).toBe('Dear {name},');
    expect(greetingOf('Здравствуйте, Анна!\n\nСпасибо за письмо.', 'Анна')).toBe('Здравствуйте, {name}!');
    expect(greetingOf('Moin zusammen,\nklingt gut.', 'Hans')).toBe('Moin zusammen,');
    // A first sentence that is no greeting is not one.
    expect(greetingOf('Sounds good, talk Tuesday.', 'Anna')).toBeNull();
    expect(greetingOf('Thanks for the note.\nTalk soon.', 'Anna')).toBeNull();
  });

  it('reads the sign-off: a short closing paragraph, or a closing last line', () => {
    expect(signOffOf('Hey Anna! Sounds good.\n\nCheers,\nMax')).toBe('Cheers,\nMax');
    expect(signOffOf('Sounds good.\n\nС уважением, Макс')).toBe('С уважением, Макс');
    expect(signOffOf('Sounds good, see you then.\n— M.')).toBe('— M.');
    expect(signOffOf('Sounds good.\n\nDoes Tuesday work?')).toBeNull();
    expect(signOffOf('Sounds good, see you then.')).toBeNull();
  });

  it('learns the habits most messages share, the newest winning a tie, and the median length', () => {
    const newestFirst = [
      pair({ sent: 'Hey Anna Schmidt! Great.\n\nCheers,\nMax', contactName: 'Anna Schmidt' }),
      pair({ sent: 'Hi Ben, fine by me.\n\nBest,\nMax', contactName: 'Ben' }),
      pair({ sent: 'Hey Carl! Sure thing, see you on Monday then.\n\nCheers,\nMax', contactName: 'Carl' }),
    ];
    expect(habitsOf(newestFirst)).toEqual({
      messages: 3,
      greeting: 'Hey {name}!',
      signOff: 'Cheers,\nMax',
      typicalLength: newestFirst[0]!.sent.length,
    });
    // Most messages have no greeting: none is learned.
    expect(
      habitsOf([pair({ sent: 'Fine.' }), pair({ sent: 'OK, Tuesday.' }), pair({ sent: 'Hey Anna! Yes.' })]),
    ).toMatchObject({ greeting: null, signOff: null });
  });

  it('learns a draft kind from its own kind when there are such messages, and never for posts', () => {
    const quick = pair({ sent: 'Hey!', draftKind: 'quick' });
    const detailed = pair({ sent: 'Hello.', draftKind: 'detailed' });
    const german = pair({ sent: 'Hallo!', language: 'de' });
    const post = pair({ sent: 'A post', taskType: 'linkedin_post' });
    const pairs = [quick, detailed, german, post];
    expect(pairsToLearnFrom(pairs, { type: 'message_reply', kind: 'detailed', language: 'en' })).toEqual([
      detailed,
    ]);
    expect(
      pairsToLearnFrom([quick], { type: 'proactive_message', kind: 'detailed', language: 'en' }),
    ).toEqual([quick]);
    expect(pairsToLearnFrom(pairs, { type: 'linkedin_post', kind: 'quick', language: 'en' })).toEqual([]);
  });
});

describe('a draft in the learned habits', () => {
  const habits = { messages: 1, greeting: 'Hey {firstName}!', signOff: 'Cheers,\nMax', typicalLength: null };

  it('takes the greeting and sign-off, in a one-line draft and in one of paragraphs', () => {
    expect(followHabits('Hi Ben Ode, thanks — sounds good.', habits, 'Ben Ode')).toEqual({
      text: 'Hey Ben! Thanks — sounds good.\n\nCheers,\nMax',
      applied: ['greeting', 'signOff'],
    });
    expect(
      followHabits('Hallo Hans,\n\nvielen Dank für Ihre Nachricht.\n\nBeste Grüße\nMaya', habits, 'Hans'),
    ).toEqual({
      text: 'Hey Hans!\n\nVielen Dank für Ihre Nachricht.\n\nCheers,\nMax',
      applied: ['greeting', 'signOff'],
    });
  });

  it('cuts a much longer draft toward the typical length, keeping greeting, first sentence and closing', () => {
    const draft =
      'Hi Ben,\n\nThank you for writing. I am interested.\n\nCould you share your priorities and timeline? Then I suggest next steps.\n\nBest regards';
    const { text, applied } = followHabits(
      draft,
      { messages: 2, greeting: null, signOff: null, typicalLength: 40 },
      'Ben',
    );
    expect(text).toBe('Hi Ben,\n\nThank you for writing.\n\nBest regards');
    expect(applied).toEqual(['length']);
    // A draft about as long as the user writes is left alone; nothing is ever padded.
    expect(
      followHabits(
        'Hi Ben, thanks.',
        { messages: 1, greeting: null, signOff: null, typicalLength: 400 },
        'Ben',
      ),
    ).toEqual({ text: 'Hi Ben, thanks.', applied: [] });
  });
});

describe('the closest pairs', () => {
  it('rank the same language, type, channel and kind first, then what they are about, then the newest', () => {
    const target = {
      type: 'message_reply' as const,
      kind: 'quick' as const,
      channel: 'telegram' as const,
      language: 'en',
      about: 'pilot pricing next month',
    };
    const german = pair({ sent: 'a', language: 'de', about: 'pilot pricing next month' });
    const post = pair({ sent: 'b', taskType: 'linkedin_post', channel: 'linkedin' });
    const older = pair({ sent: 'c', about: 'pilot pricing' });
    const newer = pair({ sent: 'd', about: 'holiday plans' });
    const newest = pair({ sent: 'e', about: 'holiday plans' });
    expect(closestPairs([german, post, older, newer, newest], target).map((found) => found.sent)).toEqual([
      'c',
      'e',
      'd',
    ]);
  });
});
