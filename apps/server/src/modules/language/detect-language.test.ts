import { describe, expect, it } from 'vitest';
import detectionSet from './detection-set.json';
import { detectLanguage } from './detect-language';
import { languageToAnswer, writingLanguage } from './writing-language';

/** The five languages Doppel writes in, and the six more it must tell (issue 20). */
const LANGUAGES = ['ru', 'en', 'fr', 'es', 'de', 'uk', 'it', 'pt', 'pl', 'nl', 'tr'] as const;
const sentences: Record<string, string[]> = detectionSet.sentences;

const wordCount = (text: string) => text.match(/\p{L}+(?:['’-]\p{L}+)*/gu)?.length ?? 0;

describe('the labelled detection set', () => {
  it('holds at least 30 sentences of five words or more in each language, each once', () => {
    expect(Object.keys(sentences).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const lines = sentences[language]!;
      expect(lines.length, language).toBeGreaterThanOrEqual(30);
      expect(new Set(lines).size, language).toBe(lines.length);
      for (const line of lines) expect(wordCount(line), line).toBeGreaterThanOrEqual(5);
    }
  });

  it('is detected with at least 95% accuracy in every language and overall', () => {
    const misses: string[] = [];
    const figures: Record<string, string> = {};
    let right = 0;
    let total = 0;
    for (const language of LANGUAGES) {
      const lines = sentences[language]!;
      let correct = 0;
      for (const line of lines) {
        const found = detectLanguage(line);
        if (found === language) correct++;
        else misses.push(`${language} → ${found ?? 'null'}: ${line}`);
      }
      figures[language] = `${correct}/${lines.length} (${((100 * correct) / lines.length).toFixed(1)}%)`;
      expect(correct / lines.length, `${language}: ${figures[language]}`).toBeGreaterThanOrEqual(0.95);
      right += correct;
      total += lines.length;
    }
    figures.overall = `${right}/${total} (${((100 * right) / total).toFixed(1)}%)`;
    // The figures decision 035 quotes.
    const report = [
      'Language detection accuracy on the labelled set:',
      ...Object.entries(figures).map(([language, figure]) => `  ${language}: ${figure}`),
      ...misses.map((miss) => `  missed ${miss}`),
    ];
    process.stdout.write(`${report.join('\n')}\n`);
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });
});

describe('languages that look alike', () => {
  it('tells Ukrainian from Russian, Portuguese from Spanish and Dutch from German', () => {
    expect(detectLanguage('Дякую за зустріч, надсилаю презентацію та договір у вкладенні.')).toBe('uk');
    expect(detectLanguage('Спасибо за встречу, отправляю презентацию и договор во вложении.')).toBe('ru');
    expect(detectLanguage('Чи можна перенести дзвінок на четвер після обіду?')).toBe('uk');
    expect(detectLanguage('Можно ли перенести созвон на четверг после обеда?')).toBe('ru');
    expect(detectLanguage('Obrigado pela reunião, seguem em anexo a apresentação e o contrato.')).toBe('pt');
    expect(detectLanguage('Gracias por la reunión, le adjunto la presentación y el contrato.')).toBe('es');
    expect(detectLanguage('We hebben de demo bekeken en willen graag een pilot bespreken.')).toBe('nl');
    expect(
      detectLanguage('Wir haben uns die Demo angesehen und würden gern ein Pilotprojekt besprechen.'),
    ).toBe('de');
  });

  it('never takes a Ukrainian sentence of the set for Russian', () => {
    const taken = sentences.uk!.filter((line) => detectLanguage(line) === 'ru');
    expect(taken).toEqual([]);
  });
});

describe('when it cannot tell', () => {
  it('says nothing for very short text, names, numbers, links and emoji', () => {
    for (const text of [
      '',
      'ok',
      'Thanks!',
      '👍 42',
      'Slack Telegram',
      'Payer, simplement.',
      'https://doppel.example/pricing?plan=team 2025',
      '@giulia #pilot 15:30',
    ]) {
      expect(detectLanguage(text), text).toBeNull();
    }
  });

  it('says nothing for text that mixes languages word by word', () => {
    expect(detectLanguage('Hello, привет, bonjour, hola, hallo')).toBeNull();
  });

  it('still reads a sentence around a link, an address and numbers', () => {
    expect(
      detectLanguage(
        'Vi ho mandato il listino aggiornato: https://acme.example/listino.pdf, scrivete a vendite@acme.example',
      ),
    ).toBe('it');
    expect(detectLanguage('Bitte überweisen Sie 1.250 € bis zum 15.12.2026 auf unser Konto.')).toBe('de');
  });
});

describe('the language Doppel writes in', () => {
  it('is the contact’s when it is one of the five, else English, saying which it stood in for', () => {
    expect(writingLanguage('de')).toEqual({ language: 'de' });
    expect(writingLanguage('pt-BR')).toEqual({ language: 'en', fellBackFrom: 'pt' });
    expect(writingLanguage('it')).toEqual({ language: 'en', fellBackFrom: 'it' });
    expect(writingLanguage('en_US')).toEqual({ language: 'en' });
    expect(writingLanguage(null)).toEqual({ language: 'en' });
    expect(writingLanguage('not a language')).toEqual({ language: 'en' });
  });

  it('answers a message in its own language, else the contact’s', () => {
    expect(languageToAnswer('Potreste inviarci la proposta aggiornata entro venerdì?', 'ru')).toEqual({
      language: 'en',
      fellBackFrom: 'it',
    });
    expect(languageToAnswer('Подскажите, когда вы пришлёте обновлённое предложение?', 'it')).toEqual({
      language: 'ru',
    });
    expect(languageToAnswer('ok', 'uk')).toEqual({ language: 'en', fellBackFrom: 'uk' });
    expect(languageToAnswer('ok', 'fr')).toEqual({ language: 'fr' });
    expect(languageToAnswer(undefined, null)).toEqual({ language: 'en' });
  });
});
