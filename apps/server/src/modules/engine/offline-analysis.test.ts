import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../language';
import { analyzeOffline } from './offline-analysis';

describe('offline language detection', () => {
  it('recognises the five languages from a sentence', () => {
    expect(detectLanguage('Можно ли подключить Telegram и Slack одновременно?')).toBe('ru');
    expect(detectLanguage('Could we start the pilot next week? A short call would help.')).toBe('en');
    expect(detectLanguage('Bonjour, pourriez-vous nous envoyer le devis cette semaine ?')).toBe('fr');
    expect(detectLanguage('Hola, ¿podemos hablar la próxima semana sobre el contrato?')).toBe('es');
    expect(detectLanguage('Hallo! Könnten wir den Pilot nächsten Monat starten?')).toBe('de');
  });

  it('says nothing when the text is too short or gives no clue', () => {
    expect(detectLanguage('ok')).toBeNull();
    expect(detectLanguage('👍 42')).toBeNull();
    expect(detectLanguage('Slack Telegram')).toBeNull();
  });
});

describe('offline analysis', () => {
  it('marks time-critical messages URGENT within 24H, high priority, in the message language', () => {
    const analysis = analyzeOffline({
      type: 'message_reply',
      triggerType: 'message',
      text: 'Нам нужно срочно обсудить пилот. Созвонимся завтра?',
      contactName: 'Иван',
      contactLanguage: 'en',
    });
    expect(analysis.recommendation).toMatch(/^URGENT: answer within 24H/);
    expect(analysis.priority).toBe('high');
    expect(analysis.language).toBe('ru');
    expect(analysis.analysisData.opportunityType).toBe('Paid pilot');
    expect(analysis.summary).toBe('Иван writes: “Нам нужно срочно обсудить пилот.”');
  });

  it('quotes the request, not a greeting that opens the message on its own', () => {
    const summary = (text: string) =>
      analyzeOffline({ type: 'message_reply', text, contactName: 'Оскар' }, 'ru').summary;
    expect(summary('Здравствуйте! Можем ли мы начать пилот в следующем месяце? Сколько он стоит?')).toBe(
      'Оскар пишет: «Можем ли мы начать пилот в следующем месяце?»',
    );
    expect(summary('Hi! Hello there. Could we book a demo on Thursday?')).toBe(
      'Оскар пишет: «Could we book a demo on Thursday?»',
    );
    // A greeting alone is still what they wrote.
    expect(summary('Привет!')).toBe('Оскар пишет: «Привет!»');
  });

  it('finds opportunities: pilot, investment, partnership, sale', () => {
    const kind = (text: string) =>
      analyzeOffline({ type: 'message_reply', text }).analysisData.opportunityType;
    expect(kind('Would you run a paid pilot with us?')).toBe('Paid pilot');
    expect(kind('We are raising a seed round and would love your view.')).toBe('Investment');
    expect(kind('Nous cherchons un partenariat en Europe.')).toBe('Partnership');
    expect(kind('¿Cuál es el precio para 20 usuarios?')).toBe('Sale');
    const sale = analyzeOffline({ type: 'message_reply', text: 'Können Sie uns ein Angebot schicken?' });
    expect(sale.recommendation).toMatch(/^OPPORTUNITY:/);
    expect(sale.priority).toBe('high');
    expect(sale.language).toBe('de');
  });

  it('answers plain questions at medium priority and other messages at low', () => {
    const question = analyzeOffline({ type: 'message_reply', text: 'How does the Slack sync work?' });
    expect(question).toMatchObject({
      priority: 'medium',
      recommendation: 'Answer the question clearly and offer help',
    });
    const note = analyzeOffline({
      type: 'message_reply',
      text: 'Thanks for the call yesterday, it was great.',
    });
    expect(note.priority).toBe('low');
    expect(note.recommendation).not.toMatch(/URGENT|OPPORTUNITY|SOCIAL/);
  });

  it('reads signals: job changes and news are opportunities, social posts are SOCIAL', () => {
    const job = analyzeOffline({
      type: 'proactive_message',
      triggerType: 'linkedin_job_change',
      contactName: 'Lucía',
      contactLanguage: 'es',
      triggerData: {
        jobChangeCompany: 'Soluciones Sol',
        linkedinActivity: 'Started as Head of Partnerships.',
      },
    });
    expect(job.summary).toBe('Lucía has a new role at Soluciones Sol. Started as Head of Partnerships.');
    expect(job.recommendation).toMatch(/^OPPORTUNITY: congratulate Lucía/);
    expect(job.language).toBe('es');

    const news = analyzeOffline({
      type: 'proactive_message',
      triggerType: 'rss_news',
      triggerData: { newsSource: 'TechCrunch', newsTitle: 'Atelier raises a seed round' },
    });
    expect(news).toMatchObject({ summary: 'TechCrunch: Atelier raises a seed round', priority: 'low' });
    expect(news.recommendation).toMatch(/^OPPORTUNITY:/);

    const comment = analyzeOffline({
      type: 'reddit_comment',
      triggerType: 'social_comment',
      triggerData: {
        community: 'r/startups',
        originalAuthor: 'mark_t',
        originalPost: 'Which outreach tools work? Asking for a friend.',
      },
    });
    expect(comment.summary).toBe('mark_t in r/startups: “Which outreach tools work?”');
    expect(comment.recommendation).toMatch(/^SOCIAL:/);
  });

  it("keeps the contact's language when the text does not tell", () => {
    expect(analyzeOffline({ type: 'message_reply', text: 'ok', contactLanguage: 'fr' }).language).toBe('fr');
    expect(analyzeOffline({ type: 'message_reply', text: 'ok', contactLanguage: 'it' }).language).toBe('en');
  });
});
