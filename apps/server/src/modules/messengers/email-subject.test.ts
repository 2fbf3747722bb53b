import { describe, expect, it } from 'vitest';
import { emailSubjectFrom } from './email-subject';

describe('emailSubjectFrom', () => {
  it('takes the first sentence after the greeting line', () => {
    expect(
      emailSubjectFrom(
        'Hi Ann,\n\nI came across your work at Acme and thought it was worth reaching out. More here.\n\nBest',
        'Reach out to Ann',
      ),
    ).toBe('I came across your work at Acme and thought it was worth reaching out.');
    expect(emailSubjectFrom('Здравствуйте, Анна!\n\nПрочитал новость и решил написать. Дальше.', 'x')).toBe(
      'Прочитал новость и решил написать.',
    );
  });

  it('keeps a one-line message’s first sentence, greeting and all', () => {
    expect(emailSubjectFrom('Hi Ann, thanks — sounds good. Talk today.', 'x')).toBe(
      'Hi Ann, thanks — sounds good.',
    );
  });

  it('cuts a long sentence at a word, with an ellipsis, on one header line', () => {
    const subject = emailSubjectFrom(`Hello Bob,\n${'word '.repeat(40)}end.`, 'x');
    expect(subject.length).toBeLessThanOrEqual(78);
    expect(subject).toMatch(/^word( word)+…$/);
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('falls back to the task title for an empty text', () => {
    expect(emailSubjectFrom('  \n ', 'Reach out to\nAnn')).toBe('Reach out to Ann');
  });
});
