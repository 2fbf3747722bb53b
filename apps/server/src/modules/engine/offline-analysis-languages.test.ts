import { interfaceLanguages, type InterfaceLanguage } from '@doppel/contracts';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../language';
import { withAnalysis } from './analyze-task';
import { analyzeOffline, type AnalysisInput, type TaskAnalysis } from './offline-analysis';

/*
 * Issue 20: the offline engine writes its analysis in the user's interface language — every
 * branch, in all five — while the language to answer in still comes from the message or the
 * contact. Quoted words (the message, the post, names) stay as they were written; everything
 * the engine adds is checked through the language detector, so an English word left in a
 * Russian, French, Spanish or German analysis fails.
 */

/** One input per branch of the engine; the quoted parts are short so the engine's words dominate. */
const BRANCHES: Record<string, AnalysisInput> = {
  jobChange: {
    type: 'proactive_message',
    triggerType: 'linkedin_job_change',
    contactName: 'Ana',
    triggerData: { jobChangeCompany: 'Kestrel' },
  },
  jobChangeNoName: { type: 'proactive_message', triggerType: 'linkedin_job_change', triggerData: {} },
  news: { type: 'proactive_message', triggerType: 'rss_news', triggerData: { newsTitle: 'Kestrel' } },
  socialQuote: {
    type: 'reddit_comment',
    triggerType: 'social_comment',
    triggerData: { community: 'r/SaaS', originalAuthor: 'u/ana', originalPost: 'CRM?' },
  },
  ownPost: { type: 'linkedin_post', text: 'CRM' },
  urgentSale: { type: 'message_reply', triggerType: 'message', contactName: 'Ana', text: 'Demo today?' },
  urgent: { type: 'message_reply', triggerType: 'message', contactName: 'Ana', text: 'ASAP!' },
  opportunity: { type: 'message_reply', triggerType: 'message', contactName: 'Ana', text: 'Pilot.' },
  question: { type: 'message_reply', triggerType: 'message', contactName: 'Ana', text: 'Why?' },
  acknowledge: { type: 'message_reply', triggerType: 'message', contactName: 'Ana', text: 'Ok.' },
  empty: { type: 'message_reply', triggerType: 'message', contactName: 'Ana', text: '' },
};

/** What the engine wrote, less the quoted words it was given. */
function engineWords(analysis: TaskAnalysis): string {
  return [
    analysis.summary,
    analysis.recommendation,
    analysis.analysisData.opportunityType,
    analysis.analysisData.recommendedApproach,
  ]
    .join('. ')
    .replace(/Ana|Kestrel|r\/SaaS|u\/ana|CRM\??|Demo today\?|ASAP!|Pilot\.|Why\?|Ok\./g, ' ');
}

describe('the offline analysis in the user’s interface language', () => {
  for (const language of interfaceLanguages) {
    it(`writes every branch in ${language}, with its kind for the colour`, () => {
      for (const [branch, input] of Object.entries(BRANCHES)) {
        const analysis = analyzeOffline(input, language);
        const words = engineWords(analysis);
        // The detector reads sentences; all branches together make a text long enough to judge.
        expect(words.trim(), `${language} ${branch}`).not.toBe('');
        if (language !== 'en') {
          // Every field the engine words differs from the English one (a news summary is the
          // headline itself; French says "Conversation" too).
          const english = analyzeOffline(input, 'en');
          const fields = {
            summary: [analysis.summary, english.summary],
            recommendation: [analysis.recommendation, english.recommendation],
            opportunityType: [analysis.analysisData.opportunityType, english.analysisData.opportunityType],
            approach: [analysis.analysisData.recommendedApproach, english.analysisData.recommendedApproach],
          };
          for (const [field, [written, inEnglish]] of Object.entries(fields)) {
            const same =
              (branch === 'news' && field === 'summary') || `${language} ${written}` === 'fr Conversation';
            if (!same) expect(written, `${language} ${branch} ${field}`).not.toBe(inEnglish);
          }
        }
      }
      const all = Object.values(BRANCHES)
        .map((input) => engineWords(analyzeOffline(input, language)))
        .join('. ');
      expect(detectLanguage(all)).toBe(language);
    });
  }

  it('marks the recommendation in the user’s words, and says what kind it is', () => {
    const urgent = analyzeOffline(BRANCHES.urgentSale!, 'ru');
    expect(urgent.recommendation).toBe('СРОЧНО: ответьте в течение 24 часов — продажа');
    expect(urgent.recommendationKind).toBe('urgent');
    expect(analyzeOffline(BRANCHES.opportunity!, 'fr').recommendation).toBe(
      'OPPORTUNITÉ : pilote payant — proposez une prochaine étape',
    );
    expect(analyzeOffline(BRANCHES.socialQuote!, 'de')).toMatchObject({
      summary: 'u/ana in r/SaaS: „CRM?“',
      recommendationKind: 'social',
    });
    expect(analyzeOffline(BRANCHES.question!, 'es')).toMatchObject({
      summary: 'Ana escribe: «Why?»',
      recommendationKind: 'other',
    });
  });

  it('answers in the message’s language whatever the interface speaks', () => {
    const input: AnalysisInput = {
      type: 'message_reply',
      triggerType: 'message',
      contactName: 'Lucía',
      contactLanguage: 'en',
      text: '¿Podemos hablar mañana sobre el precio del piloto con el equipo?',
    };
    for (const language of interfaceLanguages) expect(analyzeOffline(input, language).language).toBe('es');
  });

  it('keeps a source’s own recommendation and its kind; fills both otherwise', () => {
    const own = withAnalysis(
      {
        type: 'message_reply',
        context: { lastMessage: 'Pilot?', recommendation: 'Call her', recommendationKind: 'other' },
        contact: null,
      },
      'de',
    );
    expect(own.context).toMatchObject({ recommendation: 'Call her', recommendationKind: 'other' });
    const filled = withAnalysis(
      { type: 'message_reply', context: { lastMessage: 'Pilot?' }, contact: { name: 'Ana', language: 'de' } },
      'de' satisfies InterfaceLanguage,
    );
    expect(filled.context).toMatchObject({
      summary: 'Ana schreibt: „Pilot?“',
      recommendation: 'CHANCE: bezahltes Pilotprojekt — schlag einen nächsten Schritt vor',
      recommendationKind: 'opportunity',
      analyzedBy: 'offline',
    });
  });
});
