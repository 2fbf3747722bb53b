import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThreadPool, type ThreadPool } from '../../lib/thread-pool';
import { makeStructuredDocx, makeStructuredPdf, type DocumentPart } from '../../test-support/test-files';
import { extractFileText, markdownToText } from './extract-text';
import { indexText, sentences, splitPassages } from './text-analysis';

describe('sentences', () => {
  it('does not end a sentence at an abbreviation or inside a number', () => {
    expect(
      sentences(
        'We use tools, e.g. Docker and Git. Version 3.5 is out. Dr. Smith agreed, i.e. Mr. Brown too.',
      ),
    ).toEqual([
      'We use tools, e.g. Docker and Git.',
      'Version 3.5 is out.',
      'Dr. Smith agreed, i.e. Mr. Brown too.',
    ]);
    expect(sentences('Wir nutzen z. B. Docker. Das kostet 2,5 Euro.')).toEqual([
      'Wir nutzen z. B. Docker.',
      'Das kostet 2,5 Euro.',
    ]);
    expect(sentences('Мы продаём агентствам, т. е. Партнёрам. Цена 3.5 тысячи, т.д. Всё.')).toEqual([
      'Мы продаём агентствам, т. е. Партнёрам.',
      'Цена 3.5 тысячи, т.д. Всё.',
    ]);
  });

  it.each([
    ['en', 'The pilot is paid. Is it worth it? Yes!', ['The pilot is paid.', 'Is it worth it?', 'Yes!']],
    ['ru', 'Пилот платный. Стоит ли он того? Да!', ['Пилот платный.', 'Стоит ли он того?', 'Да!']],
    [
      'fr',
      'Le pilote est payant. Ça vaut le coup ? Oui !',
      ['Le pilote est payant.', 'Ça vaut le coup ?', 'Oui !'],
    ],
    ['es', 'El piloto es de pago. ¿Vale la pena? ¡Sí!', ['El piloto es de pago.', '¿Vale la pena?', '¡Sí!']],
    [
      'de',
      'Der Pilot kostet Geld. Lohnt er sich? Ja! Und dann… Weiter.',
      ['Der Pilot kostet Geld.', 'Lohnt er sich?', 'Ja!', 'Und dann…', 'Weiter.'],
    ],
  ])('ends sentences where %s ones end', (_language, text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });
});

describe('passages', () => {
  const prose = (topic: string) =>
    `Our referral programme pays agencies a share of the first year of revenue for ${topic}. ` +
    'Every partner gets a named contact and a quarterly review.';

  it('start at every heading, the heading with the text under it', () => {
    const text = [
      '# Partners',
      prose('agencies'),
      '## Payment',
      prose('resellers'),
      prose('consultants'),
    ].join('\n\n');
    expect(splitPassages(text)).toEqual([
      `# Partners\n\n${prose('agencies')}`,
      `## Payment\n\n${prose('resellers')}\n\n${prose('consultants')}`,
    ]);
  });

  it('keep a Markdown heading apart from the paragraph it has no blank line before', () => {
    expect(splitPassages(`${prose('agencies')}\n## Payment\n${prose('resellers')}`)).toEqual([
      prose('agencies'),
      `## Payment\n\n${prose('resellers')}`,
    ]);
  });

  it('keep a table apart from the prose around it, labelled by a heading right above it', () => {
    const table = 'Tier | Share\nSilver | 10%\nGold | 20%';
    expect(splitPassages([prose('agencies'), table, prose('resellers')].join('\n\n'))).toEqual([
      prose('agencies'),
      table,
      prose('resellers'),
    ]);
    expect(splitPassages(['# Tiers', table, prose('resellers')].join('\n\n'))).toEqual([
      `# Tiers\n\n${table}`,
      prose('resellers'),
    ]);
  });

  it('cut a long table into passages of whole rows', () => {
    const rows = Array.from(
      { length: 60 },
      (_, n) => `Partner ${n + 1} | Agency in city ${n + 1} | ${n + 5}%`,
    );
    const passages = splitPassages([prose('agencies'), rows.join('\n')].join('\n\n'));
    expect(passages[0]).toBe(prose('agencies'));
    expect(passages.length).toBeGreaterThan(2);
    expect(passages.slice(1).join('\n')).toBe(rows.join('\n'));
    for (const passage of passages.slice(1)) expect(passage.length).toBeLessThanOrEqual(700);
  });

  it('read Markdown tables as tables, without the row of dashes', () => {
    const text = markdownToText(
      `Intro.\n\n| Tier | Share |\n|------|------:|\n| Silver | 10% |\n| Gold | 20% |`,
    );
    expect(text).toBe('Intro.\n\n| Tier | Share |\n| Silver | 10% |\n| Gold | 20% |');
    expect(splitPassages(text)).toEqual(['Intro.', '| Tier | Share |\n| Silver | 10% |\n| Gold | 20% |']);
  });

  it('leave tables out of the summary', () => {
    const text = ['Tier | Share\nSilver | 10%\nGold | 20%', '# Revenue share', prose('agencies')].join(
      '\n\n',
    );
    expect(indexText(text).summary).toBe(`Revenue share. ${prose('agencies').split('. ')[0]}.`);
  });

  it('count a table as structure', () => {
    const text = [prose('agencies'), 'Tier | Share\nSilver | 10%\nGold | 20%'].join('\n\n');
    // Extraction 40 + length 15 + structure 15 (two passages, a table) + distinct sentences 15.
    expect(indexText(text).quality).toBe(85);
  });
});

describe('reading a PDF or Word document with headings and a table', () => {
  const parts: DocumentPart[] = [
    { heading: 'Partner programme' },
    {
      paragraph:
        'We partner with agencies that resell our outreach automation to their clients. Every partner ' +
        'gets a named contact and a quarterly review.',
    },
    { heading: 'Revenue share', level: 2 },
    {
      table: [
        ['Tier', 'Share', 'Seats'],
        ['Silver', '10%', '5'],
        ['Gold', '20%', '25'],
      ],
    },
    { paragraph: 'Shares are paid each quarter, within thirty days of its end.' },
  ];
  let threads: ThreadPool;
  beforeAll(() => {
    threads = createThreadPool({ size: 1, log: pino({ level: 'silent' }) });
  });
  afterAll(() => threads.close());

  it('marks a Word document’s headings and keeps its table as a block, which passages keep whole', async () => {
    const text = await extractFileText(threads, 'docx', await makeStructuredDocx(parts));

    expect(text).toBe(
      [
        '# Partner programme',
        'We partner with agencies that resell our outreach automation to their clients. Every partner gets a named contact and a quarterly review.',
        '## Revenue share',
        'Tier | Share | Seats\nSilver | 10% | 5\nGold | 20% | 25',
        'Shares are paid each quarter, within thirty days of its end.',
      ].join('\n\n'),
    );
    expect(indexText(text).passages).toEqual([
      expect.stringMatching(/^# Partner programme\n\nWe partner .* quarterly review\.$/),
      '## Revenue share\n\nTier | Share | Seats\nSilver | 10% | 5\nGold | 20% | 25',
      'Shares are paid each quarter, within thirty days of its end.',
    ]);
  });

  it('finds a PDF’s headings by their font size and its table by its aligned columns', async () => {
    const text = await extractFileText(threads, 'pdf', await makeStructuredPdf(parts));

    expect(text).toBe(
      [
        '# Partner programme',
        // pdf.js gives the lines as the page has them.
        'We partner with agencies that resell our outreach automation to their clients. Every\npartner gets a named contact and a quarterly review.',
        '# Revenue share',
        'Tier | Share | Seats\nSilver | 10% | 5\nGold | 20% | 25',
        'Shares are paid each quarter, within thirty days of its end.',
      ].join('\n\n'),
    );
    expect(indexText(text).passages).toEqual([
      expect.stringMatching(/^# Partner programme\n\nWe partner .* quarterly review\.$/s),
      '# Revenue share\n\nTier | Share | Seats\nSilver | 10% | 5\nGold | 20% | 25',
      'Shares are paid each quarter, within thirty days of its end.',
    ]);
  });
});
