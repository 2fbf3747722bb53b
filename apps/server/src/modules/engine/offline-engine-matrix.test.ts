import {
  findTemplate,
  templateLanguages,
  templatesFor,
  type DraftKind,
  type KnowledgeSource,
  type ReplyTemplate,
  type Task,
  type TaskContext,
  type TaskType,
  type TemplateLanguage,
} from '@doppel/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { offlineDraft as offlineDraftOf, PROACTIVE_OPENERS, proactiveOpener } from '../drafting';
import { draftRequestForTask, proactiveIntent } from '../tasks';
import { OFFLINE_ENGINE, withAnalysis } from './analyze-task';
import { detectLanguage } from '../language';
import { analyzeOffline, type TaskAnalysis } from './offline-analysis';
import { type Voice } from './persona-voice';

/*
 * Drafting writes from a draft request (modules/drafting), which the tasks module makes of a
 * task: these two put them together, as a task's drafts are written.
 */
const ACTOR = { userId: '00000000-0000-4000-8000-000000000000', isDemo: false };
function offlineDraft(
  task: Task,
  language: TemplateLanguage,
  kind: DraftKind,
  voice: Voice | null,
  sources: KnowledgeSource[] = [],
): string {
  return offlineDraftOf({ ...draftRequestForTask(task, ACTOR), kind }, language, voice, sources);
}
function proactiveDraftTemplate(
  task: Pick<Task, 'type' | 'context'>,
  language: TemplateLanguage,
  kind: DraftKind,
): string | null {
  return task.type === 'proactive_message'
    ? proactiveOpener(proactiveIntent(task.context), language, kind)
    : null;
}

/*
 * The offline engine, task type × language (issue: "Offline engine unit tests (each task type
 * and language)"). Analysis goes through analyzeOffline / withAnalysis, drafts through
 * offlineDraft — the pure part of generateTaskDrafts (the draft language and the persona come
 * from the database there; here they are given). Expected drafts are the contracts' templates
 * filled by hand with the fixture's own values, never the engine's output.
 */

const LANGUAGES = ['ru', 'en', 'fr', 'es', 'de'] as const satisfies readonly TemplateLanguage[];

/** Another of the five languages, so that "the text wins over the contact" can fail. */
function otherLanguage(language: TemplateLanguage): TemplateLanguage {
  return LANGUAGES[(LANGUAGES.indexOf(language) + 1) % LANGUAGES.length]!;
}

interface Fixture {
  contact: { name: string; firstName: string; company: string };
  /** Time-critical and about a pilot: URGENT within 24H, "Paid pilot". */
  urgent: string;
  /** Not time-critical, a business opportunity of the given type. */
  opportunity: { text: string; type: 'Investment' | 'Partnership' | 'Sale' };
  /** A plain question: no urgency, no opportunity. */
  question: string;
  /** A plain note: no question, no urgency, no opportunity. */
  note: string;
  jobChange: { company: string; activity: string };
  news: { source: string; title: string };
  linkedinTopic: string;
  redditTopic: string;
  comment: { author: string; community: string; post: string; firstSentence: string };
  /** A knowledge-base passage; its first sentence is what a detailed draft may quote. */
  knowledge: { snippet: string; firstSentence: string };
  /** A persona key message and tagline written in the language. */
  keyMessage: string;
  tagline: string;
}

const FIXTURES: Record<TemplateLanguage, Fixture> = {
  ru: {
    contact: { name: 'Анна Петрова', firstName: 'Анна', company: 'Сфера' },
    urgent: 'Здравствуйте! Нам срочно нужен пилот для отдела продаж. Сможем созвониться завтра?',
    opportunity: {
      text: 'Добрый день! Мы ищем партнёров для выхода на рынок Казахстана. Вам это интересно?',
      type: 'Partnership',
    },
    question: 'Подскажите, пожалуйста, как работает синхронизация с Telegram?',
    note: 'Спасибо за вчерашнюю встречу, было очень полезно.',
    jobChange: {
      company: 'Сфера Технологии',
      activity: 'Анна теперь руководит отделом маркетинга в компании.',
    },
    news: { source: 'Ведомости', title: 'Компания «Сфера» открыла офис в Алматы и набирает команду' },
    linkedinTopic: 'Что мы поняли после ста разговоров с клиентами о продажах.',
    redditTopic: 'Как вы находите первых клиентов для нового продукта?',
    comment: {
      author: 'ivan_dev',
      community: 'r/rusAskReddit',
      post: 'Какие инструменты вы используете для холодных писем? Поделитесь опытом.',
      firstSentence: 'Какие инструменты вы используете для холодных писем?',
    },
    knowledge: {
      snippet: 'Наш продукт помогает командам отвечать клиентам в два раза быстрее. Подробности в отчёте.',
      firstSentence: 'Наш продукт помогает командам отвечать клиентам в два раза быстрее.',
    },
    keyMessage: 'Деньги должны двигаться так же быстро, как сообщения.',
    tagline: 'Платите так же просто, как пишете.',
  },
  en: {
    contact: { name: 'Emma Clarke', firstName: 'Emma', company: 'Northwind' },
    urgent: 'Hi, we need to start the pilot with your team urgently. Could we talk tomorrow?',
    opportunity: {
      text: 'We are raising a seed round and would love to hear your view on the market.',
      type: 'Investment',
    },
    question: 'How does the Slack sync work with our workspace?',
    note: 'Thanks for the call yesterday, it was great to meet the team.',
    jobChange: { company: 'Northwind Labs', activity: 'Emma is now the Head of Growth at the company.' },
    news: { source: 'TechCrunch', title: 'Northwind opens an office in Berlin and is hiring for the team' },
    linkedinTopic: 'What we learned from one hundred customer calls this year.',
    redditTopic: 'How do you find the first customers for a new product?',
    comment: {
      author: 'mark_t',
      community: 'r/startups',
      post: 'Which outreach tools do you use for cold emails? Share your experience with the rest of us.',
      firstSentence: 'Which outreach tools do you use for cold emails?',
    },
    knowledge: {
      snippet: 'Our product helps teams answer their customers twice as fast. The details are in the report.',
      firstSentence: 'Our product helps teams answer their customers twice as fast.',
    },
    keyMessage: 'Money should move as fast as your messages.',
    tagline: 'Pay like you text, with the team you trust.',
  },
  fr: {
    contact: { name: 'Claire Martin', firstName: 'Claire', company: 'Atelier Numérique' },
    urgent: 'Bonjour, nous devons lancer le pilote avec votre équipe demain. Pourriez-vous nous appeler ?',
    opportunity: {
      text: 'Bonjour, pourriez-vous nous envoyer le devis pour vingt utilisateurs ? Merci.',
      type: 'Sale',
    },
    question: 'Bonjour, comment fonctionne la synchronisation avec Slack ?',
    note: 'Merci pour la réunion, c’était très utile pour notre équipe.',
    jobChange: {
      company: 'Atelier Numérique',
      activity: 'Claire dirige désormais les ventes et le marketing chez nous.',
    },
    news: {
      source: 'Les Echos',
      title: 'Atelier Numérique ouvre un bureau à Lyon et recrute pour une équipe',
    },
    linkedinTopic: 'Ce que nous avons appris après cent appels avec nos clients.',
    redditTopic: 'Comment trouvez-vous les premiers clients pour un nouveau produit ?',
    comment: {
      author: 'julie_b',
      community: 'r/france',
      post: 'Quels outils utilisez-vous pour la prospection ? Partagez votre expérience avec nous.',
      firstSentence: 'Quels outils utilisez-vous pour la prospection ?',
    },
    knowledge: {
      snippet:
        'Notre produit aide les équipes à répondre aux clients deux fois plus vite. Les détails sont dans le rapport.',
      firstSentence: 'Notre produit aide les équipes à répondre aux clients deux fois plus vite.',
    },
    keyMessage: 'L’argent doit circuler aussi vite que vos messages, pour toute votre équipe.',
    tagline: 'Payez comme vous écrivez, avec une équipe de confiance.',
  },
  es: {
    contact: { name: 'Lucía García', firstName: 'Lucía', company: 'Soluciones Sol' },
    urgent: 'Hola, necesitamos empezar el piloto con vuestro equipo mañana. ¿Podemos hablar?',
    opportunity: {
      text: '¿Cuál es el precio para veinte usuarios? Gracias por la información.',
      type: 'Sale',
    },
    question: 'Hola, ¿cómo funciona la sincronización con Slack?',
    note: 'Gracias por la reunión de ayer, fue muy útil para el equipo.',
    jobChange: {
      company: 'Soluciones Sol',
      activity: 'Lucía es ahora la directora de marketing de la empresa.',
    },
    news: {
      source: 'El País',
      title: 'Soluciones Sol abre una oficina en Madrid y busca personas para el equipo',
    },
    linkedinTopic: 'Lo que aprendimos después de cien llamadas con los clientes.',
    redditTopic: '¿Cómo encontráis a los primeros clientes para un producto nuevo?',
    comment: {
      author: 'pablo_r',
      community: 'r/es',
      post: '¿Qué herramientas usáis para la prospección? Contad vuestra experiencia con las ventas.',
      firstSentence: '¿Qué herramientas usáis para la prospección?',
    },
    knowledge: {
      snippet:
        'Nuestro producto ayuda a los equipos a responder a los clientes el doble de rápido. Los detalles están en el informe.',
      firstSentence: 'Nuestro producto ayuda a los equipos a responder a los clientes el doble de rápido.',
    },
    keyMessage: 'El dinero debe moverse tan rápido como tus mensajes.',
    tagline: 'Paga como escribes, con el equipo en el que confías.',
  },
  de: {
    contact: { name: 'Jonas Weber', firstName: 'Jonas', company: 'Weber Logistik' },
    urgent: 'Hallo, wir müssen den Pilot mit Ihrem Team morgen starten. Können wir sprechen?',
    opportunity: {
      text: 'Wir suchen eine Zusammenarbeit mit Firmen in der Schweiz und würden gern mit Ihnen sprechen.',
      type: 'Partnership',
    },
    question: 'Hallo, wie funktioniert die Synchronisierung mit Slack?',
    note: 'Danke für das Gespräch gestern, das war sehr hilfreich für unser Team.',
    jobChange: {
      company: 'Weber Logistik',
      activity: 'Jonas leitet jetzt das Marketing und die Kommunikation.',
    },
    news: {
      source: 'Handelsblatt',
      title: 'Weber Logistik eröffnet ein Büro in Wien und stellt für das Team ein',
    },
    linkedinTopic: 'Was wir aus hundert Gesprächen mit den Kunden gelernt haben.',
    redditTopic: 'Wie findet ihr die ersten Kunden für ein neues Produkt?',
    comment: {
      author: 'lena_k',
      community: 'r/de',
      post: 'Welche Tools nutzt ihr für die Kaltakquise? Teilt eure Erfahrungen mit der Community.',
      firstSentence: 'Welche Tools nutzt ihr für die Kaltakquise?',
    },
    knowledge: {
      snippet:
        'Unser Produkt hilft den Teams, den Kunden doppelt so schnell zu antworten. Die Details stehen im Bericht.',
      firstSentence: 'Unser Produkt hilft den Teams, den Kunden doppelt so schnell zu antworten.',
    },
    keyMessage: 'Geld soll sich so schnell bewegen wie die Nachrichten.',
    tagline: 'Zahlen wie schreiben, mit dem Team, dem Sie vertrauen.',
  },
};

/** How the web app colours a recommendation. */
function colourOf(recommendation: string): 'red' | 'green' | 'blue' | 'amber' {
  if (/24H|URGENT/.test(recommendation)) return 'red';
  if (recommendation.includes('OPPORTUNITY')) return 'green';
  if (recommendation.includes('SOCIAL')) return 'blue';
  return 'amber';
}

/** Every part of an analysis is there and well-formed. */
function expectComplete(analysis: TaskAnalysis): void {
  expect(analysis.summary.trim()).not.toBe('');
  expect(analysis.recommendation.trim()).not.toBe('');
  expect(analysis.analysisData.opportunityType.trim()).not.toBe('');
  expect(analysis.analysisData.recommendedApproach.trim()).not.toBe('');
  expect(['high', 'medium', 'low']).toContain(analysis.priority);
}

/** The first sentence of a text, as a summary quotes it. */
function firstSentenceOf(text: string): string {
  return /^(.+?[.!?…])(\s|$)/u.exec(text)?.[1] ?? text;
}

/** What a message's summary quotes: its first sentence past a greeting of one or two words. */
function gistOf(text: string): string {
  const first = firstSentenceOf(text);
  const rest = text.slice(first.length).trim();
  return rest && (first.match(/\p{L}+/gu)?.length ?? 0) < 3 ? gistOf(rest) : first;
}

describe('offline analysis of inbound messages (message_reply)', () => {
  describe.each(LANGUAGES)('%s', (language) => {
    const fixture = FIXTURES[language];
    const contactLanguage = otherLanguage(language);

    it('fixtures are in the language they claim', () => {
      for (const text of [
        fixture.urgent,
        fixture.opportunity.text,
        fixture.question,
        fixture.note,
        fixture.knowledge.firstSentence,
        fixture.keyMessage,
        fixture.tagline,
      ]) {
        expect(detectLanguage(text), text).toBe(language);
      }
    });

    it('marks a time-critical pilot request URGENT within 24H, high priority', () => {
      const analysis = analyzeOffline({
        type: 'message_reply',
        triggerType: 'message',
        text: fixture.urgent,
        contactName: fixture.contact.name,
        contactLanguage,
      });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.recommendation).toMatch(/URGENT/);
      expect(analysis.recommendation).toMatch(/24H/);
      expect(colourOf(analysis.recommendation)).toBe('red');
      expect(analysis.priority).toBe('high');
      expect(analysis.analysisData.opportunityType).toBe('Paid pilot');
      expect(analysis.summary).toContain(fixture.contact.name);
      expect(analysis.summary).toContain(gistOf(fixture.urgent));
    });

    it(`finds the ${fixture.opportunity.type.toLowerCase()} opportunity: OPPORTUNITY, high priority`, () => {
      const analysis = analyzeOffline({
        type: 'message_reply',
        text: fixture.opportunity.text,
        contactName: fixture.contact.name,
        contactLanguage,
      });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.recommendation).toMatch(/^OPPORTUNITY:/);
      expect(colourOf(analysis.recommendation)).toBe('green');
      expect(analysis.priority).toBe('high');
      expect(analysis.analysisData.opportunityType).toBe(fixture.opportunity.type);
      expect(analysis.summary).toContain(gistOf(fixture.opportunity.text));
    });

    it('answers a plain question at medium priority, without the urgent or opportunity words', () => {
      const analysis = analyzeOffline({ type: 'message_reply', text: fixture.question, contactLanguage });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.priority).toBe('medium');
      expect(colourOf(analysis.recommendation)).toBe('amber');
      expect(analysis.analysisData.opportunityType).toBe('Conversation');
    });

    it('keeps a plain note at low priority', () => {
      const analysis = analyzeOffline({ type: 'message_reply', text: fixture.note, contactLanguage });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.priority).toBe('low');
      expect(colourOf(analysis.recommendation)).toBe('amber');
    });

    it('falls back to the contact’s language when the text gives no clue', () => {
      const analysis = analyzeOffline({ type: 'message_reply', text: '👍 42', contactLanguage: language });
      expect(analysis.language).toBe(language);
    });
  });
});

describe('offline analysis of signals (proactive_message)', () => {
  describe.each(LANGUAGES)('%s', (language) => {
    const fixture = FIXTURES[language];
    const contactLanguage = otherLanguage(language);

    it('linkedin_job_change: OPPORTUNITY to congratulate, medium priority, names the company', () => {
      expect(detectLanguage(fixture.jobChange.activity)).toBe(language);
      const analysis = analyzeOffline({
        type: 'proactive_message',
        triggerType: 'linkedin_job_change',
        text: fixture.jobChange.activity,
        contactName: fixture.contact.name,
        contactLanguage,
        triggerData: {
          jobChangeCompany: fixture.jobChange.company,
          linkedinActivity: fixture.jobChange.activity,
        },
      });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.recommendation).toMatch(/^OPPORTUNITY:/);
      expect(analysis.recommendation).toContain(fixture.contact.name);
      expect(colourOf(analysis.recommendation)).toBe('green');
      expect(analysis.priority).toBe('medium');
      expect(analysis.analysisData.opportunityType).toBe('Job change');
      expect(analysis.summary).toContain(fixture.contact.name);
      expect(analysis.summary).toContain(fixture.jobChange.company);
      expect(analysis.summary).toContain(fixture.jobChange.activity);
    });

    it('rss_news: OPPORTUNITY while the news is fresh, low priority, quotes source and headline', () => {
      expect(detectLanguage(fixture.news.title)).toBe(language);
      const analysis = analyzeOffline({
        type: 'proactive_message',
        triggerType: 'rss_news',
        text: fixture.news.title,
        contactName: fixture.contact.name,
        contactLanguage,
        triggerData: { newsSource: fixture.news.source, newsTitle: fixture.news.title },
      });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.recommendation).toMatch(/^OPPORTUNITY:/);
      expect(colourOf(analysis.recommendation)).toBe('green');
      expect(analysis.priority).toBe('low');
      expect(analysis.analysisData.opportunityType).toBe('News');
      expect(analysis.summary).toContain(fixture.news.source);
      expect(analysis.summary).toContain(fixture.news.title);
    });

    it('a signal’s own words do not make it URGENT (signals are not read as messages)', () => {
      const analysis = analyzeOffline({
        type: 'proactive_message',
        triggerType: 'rss_news',
        text: fixture.urgent,
        triggerData: { newsSource: fixture.news.source, newsTitle: fixture.news.title },
      });
      expect(colourOf(analysis.recommendation)).toBe('green');
      expect(analysis.priority).toBe('low');
      expect(analysis.language).toBe(language);
    });
  });
});

describe('offline analysis of social tasks (linkedin_post, reddit_post, reddit_comment)', () => {
  describe.each(LANGUAGES)('%s', (language) => {
    const fixture = FIXTURES[language];
    const contactLanguage = otherLanguage(language);

    it.each([
      ['linkedin_post', fixture.linkedinTopic, undefined],
      ['reddit_post', fixture.redditTopic, 'r/startups'],
    ] as const)('%s: SOCIAL, medium priority, in the topic’s language', (type, topic, community) => {
      expect(detectLanguage(topic)).toBe(language);
      const analysis = analyzeOffline({
        type,
        text: topic,
        contactLanguage,
        triggerData: community ? { community } : undefined,
      });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.recommendation).toMatch(/^SOCIAL:/);
      expect(colourOf(analysis.recommendation)).toBe('blue');
      expect(analysis.priority).toBe('medium');
      expect(analysis.analysisData.opportunityType).toBe('Community discussion');
      // The post is the user's own: its topic is the summary, nobody is quoted.
      expect(analysis.summary).toBe(
        `Post idea${community ? ` for ${community}` : ''}: “${firstSentenceOf(topic)}”`,
      );
      expect(analysis.summary).not.toContain('Someone');
    });

    it('reddit_comment (social_comment): SOCIAL, quotes author, community and the post’s first sentence', () => {
      expect(detectLanguage(fixture.comment.post)).toBe(language);
      const analysis = analyzeOffline({
        type: 'reddit_comment',
        triggerType: 'social_comment',
        text: fixture.comment.post,
        contactLanguage,
        triggerData: {
          platform: 'Reddit',
          community: fixture.comment.community,
          originalAuthor: fixture.comment.author,
          originalPost: fixture.comment.post,
        },
      });
      expectComplete(analysis);
      expect(analysis.language).toBe(language);
      expect(analysis.recommendation).toMatch(/^SOCIAL:/);
      expect(colourOf(analysis.recommendation)).toBe('blue');
      expect(analysis.priority).toBe('medium');
      expect(analysis.summary).toContain(fixture.comment.author);
      expect(analysis.summary).toContain(fixture.comment.community);
      expect(analysis.summary).toContain(fixture.comment.firstSentence);
      // Only the first sentence is quoted.
      expect(analysis.summary).not.toContain(fixture.comment.post);
    });

    it('a social_comment signal on any task type is SOCIAL even when its text is urgent', () => {
      const analysis = analyzeOffline({
        type: 'message_reply',
        triggerType: 'social_comment',
        text: fixture.urgent,
      });
      expect(colourOf(analysis.recommendation)).toBe('blue');
      expect(analysis.priority).toBe('medium');
    });
  });
});

describe('the words the offline rules read', () => {
  const read = (text: string) => analyzeOffline({ type: 'message_reply', text });

  it('French “aujourd’hui” is urgent with a typographic apostrophe as with a straight one', () => {
    for (const text of [
      'Pourriez-vous nous répondre aujourd’hui ?',
      "Pourriez-vous nous répondre aujourd'hui ?",
    ]) {
      const analysis = read(text);
      expect(analysis.language).toBe('fr');
      expect(analysis.recommendation).toMatch(/^URGENT: answer within 24H/);
      expect(analysis.priority).toBe('high');
    }
  });

  it('German “Guten Morgen” is a greeting, not a deadline; “morgen” alone (tomorrow) is urgent', () => {
    const greeting = read('Guten Morgen, wie geht es Ihnen?');
    expect(greeting.language).toBe('de');
    expect(colourOf(greeting.recommendation)).toBe('amber');
    expect(greeting.priority).toBe('medium');
    expect(colourOf(read('Guten Morgen Jonas, danke für das Gespräch.').recommendation)).toBe('amber');

    for (const text of [
      'Können wir morgen sprechen?',
      'Guten Morgen! Können wir morgen sprechen?',
      'Ich melde mich morgen früh.',
    ]) {
      const analysis = read(text);
      expect(analysis.recommendation, text).toMatch(/^URGENT/);
      expect(analysis.priority, text).toBe('high');
    }
  });

  it('Russian price words are a sale; «ценю» (I appreciate) and «ценность» are not', () => {
    for (const text of [
      'Какая цена за двадцать пользователей?',
      'Пришлите, пожалуйста, цены на годовой тариф.',
      'Сколько составит стоимость внедрения?',
      'Можно посмотреть ваш прайс?',
      'Ценник для команды из десяти человек?',
    ]) {
      expect(read(text).analysisData.opportunityType, text).toBe('Sale');
    }
    for (const text of [
      'Очень ценю вашу помощь, спасибо!',
      'Мы ценим вашу работу.',
      'В чём ценность продукта?',
    ]) {
      const analysis = read(text);
      expect(analysis.analysisData.opportunityType, text).not.toBe('Sale');
      expect(analysis.recommendation, text).not.toMatch(/OPPORTUNITY/);
    }
  });

  it('investors and investments are an investment; “investigating” is not', () => {
    for (const text of [
      'Our investors would like to meet you.',
      'We are looking for an investor for the next round.',
      'Is the investment still open?',
      'We are investing in tools for sales teams.',
      'Would you invest in a team like ours?',
    ]) {
      expect(read(text).analysisData.opportunityType, text).toBe('Investment');
    }
    const bug = read('We are investigating the sync issue and will write back.');
    expect(bug.analysisData.opportunityType).not.toBe('Investment');
    expect(bug.recommendation).not.toMatch(/OPPORTUNITY/);
  });

  it('short Latin sentences are not tied or claimed by a language sharing a word', () => {
    // "que" is French and Spanish, "es" Spanish and German.
    expect(detectLanguage('L’argent doit circuler aussi vite que vos messages.')).toBe('fr');
    expect(detectLanguage('Guten Morgen, wie geht es Ihnen?')).toBe('de');
    expect(detectLanguage('Das ist es.')).toBe('de');
    expect(detectLanguage('Money should move as fast as your messages.')).toBe('en');
    expect(detectLanguage('El dinero debe moverse tan rápido como tus mensajes.')).toBe('es');
    expect(detectLanguage('Geld soll sich so schnell bewegen wie die Nachrichten.')).toBe('de');
  });
});

describe('withAnalysis: the analysis every new task goes through', () => {
  describe.each(LANGUAGES)('%s', (language) => {
    const fixture = FIXTURES[language];
    const contact = { name: fixture.contact.name, language };

    it('message_reply: reads the original wording, not the translation', () => {
      const translation = 'We urgently need a pilot for the sales team. Can we talk tomorrow?';
      const { context, priority } = withAnalysis({
        type: 'message_reply',
        context: { triggerType: 'message', lastMessage: translation, lastMessageOriginal: fixture.urgent },
        contact: { name: fixture.contact.name, language: otherLanguage(language) },
      });
      expect(context.language).toBe(language);
      expect(context.analyzedBy).toBe(OFFLINE_ENGINE);
      expect(context.summary).toContain(gistOf(fixture.urgent));
      expect(colourOf(context.recommendation ?? '')).toBe('red');
      expect(context.analysisData?.opportunityType).toBe('Paid pilot');
      expect(context.analysisData?.recommendedApproach).toBeTruthy();
      expect(priority).toBe('high');
      // The translation is kept as it was.
      expect(context.lastMessage).toBe(translation);
    });

    it('proactive_message (linkedin_job_change): OPPORTUNITY in the contact’s language', () => {
      const { context, priority } = withAnalysis({
        type: 'proactive_message',
        context: {
          triggerType: 'linkedin_job_change',
          triggerData: {
            jobChangeCompany: fixture.jobChange.company,
            linkedinActivity: fixture.jobChange.activity,
          },
        },
        contact,
      });
      expect(context.language).toBe(language);
      expect(context.analyzedBy).toBe(OFFLINE_ENGINE);
      expect(context.summary).toContain(fixture.jobChange.company);
      expect(colourOf(context.recommendation ?? '')).toBe('green');
      expect(context.analysisData?.opportunityType).toBe('Job change');
      expect(priority).toBe('medium');
    });

    it('proactive_message (rss_news): OPPORTUNITY, low priority', () => {
      const { context, priority } = withAnalysis({
        type: 'proactive_message',
        context: {
          triggerType: 'rss_news',
          triggerData: { newsSource: fixture.news.source, newsTitle: fixture.news.title },
        },
        contact,
      });
      expect(context.language).toBe(language);
      expect(context.summary).toContain(fixture.news.title);
      expect(colourOf(context.recommendation ?? '')).toBe('green');
      expect(priority).toBe('low');
    });

    it.each(['linkedin_post', 'reddit_post'] as const)('%s: SOCIAL from the topic', (type) => {
      const topic = type === 'linkedin_post' ? fixture.linkedinTopic : fixture.redditTopic;
      const { context, priority } = withAnalysis({ type, context: { lastMessage: topic }, contact: null });
      expect(context.language).toBe(language);
      expect(context.analyzedBy).toBe(OFFLINE_ENGINE);
      expect(context.summary).toBe(`Post idea: “${firstSentenceOf(topic)}”`);
      expect(colourOf(context.recommendation ?? '')).toBe('blue');
      expect(priority).toBe('medium');
    });

    it('reddit_comment (social_comment): SOCIAL, quoting the thread', () => {
      const { context, priority } = withAnalysis({
        type: 'reddit_comment',
        context: {
          triggerType: 'social_comment',
          triggerData: {
            platform: 'Reddit',
            community: fixture.comment.community,
            originalAuthor: fixture.comment.author,
            originalPost: fixture.comment.post,
          },
        },
        contact,
      });
      expect(context.language).toBe(language);
      expect(context.summary).toContain(fixture.comment.firstSentence);
      expect(colourOf(context.recommendation ?? '')).toBe('blue');
      expect(priority).toBe('medium');
    });

    it.each([
      [
        'linkedin_job_change',
        { jobChangeCompany: fixture.jobChange.company, linkedinActivity: fixture.jobChange.activity },
      ],
      ['rss_news', { newsSource: fixture.news.source, newsTitle: fixture.news.title }],
      [
        'social_comment',
        {
          platform: 'Reddit',
          community: fixture.comment.community,
          originalAuthor: fixture.comment.author,
          originalPost: fixture.comment.post,
        },
      ],
    ] as const)(
      '%s: a signal is answered in the language of its own words, not the contact’s',
      (triggerType, triggerData) => {
        const type = triggerType === 'social_comment' ? 'reddit_comment' : 'proactive_message';
        const foreignContact = { name: fixture.contact.name, language: otherLanguage(language) };
        for (const someone of [foreignContact, null]) {
          const { context } = withAnalysis({ type, context: { triggerType, triggerData }, contact: someone });
          expect(context.language).toBe(language);
        }
      },
    );

    it('a signal whose words give no clue keeps the contact’s language', () => {
      const { context } = withAnalysis({
        type: 'proactive_message',
        context: {
          triggerType: 'rss_news',
          triggerData: { newsSource: 'X', newsTitle: 'Slack × Telegram 2026' },
        },
        contact,
      });
      expect(context.language).toBe(language);
    });

    it('keeps what the source already wrote and who wrote it', () => {
      const summary = `${fixture.contact.name}: ${fixture.note}`;
      const { context } = withAnalysis({
        type: 'message_reply',
        context: {
          triggerType: 'message',
          lastMessage: fixture.urgent,
          summary,
          recommendation: 'SOCIAL: keep in touch',
          analyzedBy: 'some-model',
          language: 'en',
          analysisData: { opportunityType: 'Team licence' },
        },
        contact,
      });
      expect(context.summary).toBe(summary);
      expect(context.recommendation).toBe('SOCIAL: keep in touch');
      expect(context.analyzedBy).toBe('some-model');
      expect(context.language).toBe('en');
      expect(context.analysisData?.opportunityType).toBe('Team licence');
      // What the source left out is still filled.
      expect(context.analysisData?.recommendedApproach).toBeTruthy();
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Drafts
// ---------------------------------------------------------------------------------------------

const DRAFT_TYPES = [
  'message_reply',
  'proactive_message',
  'linkedin_post',
  'reddit_post',
  'reddit_comment',
] as const satisfies readonly TaskType[];
type DraftType = (typeof DRAFT_TYPES)[number];

const POST_TYPES: readonly TaskType[] = ['linkedin_post', 'reddit_post', 'reddit_comment'];

interface DraftCase {
  task: Task;
  /** What the template placeholders must be filled with. */
  values: { name: string; company: string; message: string };
}

function baseTask(type: TaskType, fields: Partial<Task>): Task {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    contactId: null,
    contact: null,
    type,
    title: 'Task',
    description: '',
    priority: 'medium',
    status: 'pending',
    context: {},
    responses: {},
    assignee: null,
    dueAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    completedAt: null,
    ...fields,
  };
}

function contactOf(language: TemplateLanguage): NonNullable<Task['contact']> {
  const { contact } = FIXTURES[language];
  return {
    id: '00000000-0000-4000-8000-000000000002',
    name: contact.name,
    company: contact.company,
    source: 'telegram',
    language,
  };
}

/** A realistic task of each type in a language, with the values its drafts must carry. */
function draftCase(type: DraftType, language: TemplateLanguage): DraftCase {
  const fixture = FIXTURES[language];
  switch (type) {
    case 'message_reply':
      return {
        task: baseTask(type, {
          contactId: '00000000-0000-4000-8000-000000000002',
          contact: contactOf(language),
          title: 'Reply',
          context: { triggerType: 'message', lastMessage: fixture.opportunity.text, language },
        }),
        values: {
          name: fixture.contact.name,
          company: fixture.contact.company,
          message: fixture.opportunity.text,
        },
      };
    case 'proactive_message':
      return {
        task: baseTask(type, {
          contactId: '00000000-0000-4000-8000-000000000002',
          contact: contactOf(language),
          title: 'Congratulate',
          context: {
            triggerType: 'linkedin_job_change',
            language,
            triggerData: {
              jobChangeCompany: fixture.jobChange.company,
              linkedinActivity: fixture.jobChange.activity,
            },
          },
        }),
        values: {
          name: fixture.contact.name,
          company: fixture.contact.company,
          message: fixture.jobChange.activity,
        },
      };
    case 'linkedin_post':
      return {
        task: baseTask(type, { title: 'Post', description: fixture.linkedinTopic, context: { language } }),
        values: { name: '', company: '', message: fixture.linkedinTopic },
      };
    case 'reddit_post':
      return {
        task: baseTask(type, {
          title: 'Reddit post',
          description: fixture.redditTopic,
          context: { language, triggerData: { platform: 'Reddit', community: 'r/startups' } },
        }),
        values: { name: '', company: '', message: fixture.redditTopic },
      };
    case 'reddit_comment':
      return {
        task: baseTask(type, {
          title: 'Comment',
          context: {
            triggerType: 'social_comment',
            language,
            triggerData: {
              platform: 'Reddit',
              community: fixture.comment.community,
              originalAuthor: fixture.comment.author,
              originalPost: fixture.comment.post,
            },
          },
        }),
        values: { name: fixture.comment.author, company: '', message: fixture.comment.post },
      };
  }
}

/** A template filled by hand, independently of the engine's fillTemplate. */
function fillByHand(template: ReplyTemplate, values: DraftCase['values']): string {
  return template.content
    .split('{name}')
    .join(values.name)
    .split('{company}')
    .join(values.company)
    .split('{message}')
    .join(values.message);
}

/**
 * The post kind each draft of a post is written from: a fixed choice per post type, the same in
 * every language (generate-task-drafts.ts, contracts' postDraftKinds). Written out here by hand.
 */
const POST_DRAFT_KIND: Record<
  'linkedin_post' | 'reddit_post' | 'reddit_comment',
  Record<DraftKind, string>
> = {
  linkedin_post: { quick: 'insight', detailed: 'story' },
  reddit_post: { quick: 'question', detailed: 'discussion' },
  reddit_comment: { quick: 'supportive', detailed: 'expert' },
};

/** The template a draft kind must use: the kind itself for messages, POST_DRAFT_KIND for posts. */
function expectedTemplate(type: DraftType, language: TemplateLanguage, kind: DraftKind): ReplyTemplate {
  // A proactive message starts a conversation: the matrix's one is a job change, so the
  // congratulation opener, not a reply template.
  if (type === 'proactive_message')
    return {
      id: `proactive-${language}-${kind}`,
      group: 'message',
      language,
      kind,
      content: PROACTIVE_OPENERS[language].congratulate[kind],
    };
  const templateKind =
    type === 'linkedin_post' || type === 'reddit_post' || type === 'reddit_comment'
      ? POST_DRAFT_KIND[type][kind]
      : kind;
  const template = findTemplate(type, language, templateKind);
  if (!template) throw new Error(`no ${templateKind} template for ${type} in ${language}`);
  return template;
}

function voiceOf(fields: Partial<Voice>): Voice {
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

describe('offline drafts', () => {
  it('every language has templates for every type with drafts', () => {
    expect([...templateLanguages].sort()).toEqual([...LANGUAGES].sort());
    for (const type of DRAFT_TYPES) {
      for (const language of LANGUAGES) expect(templatesFor(type, language).length).toBeGreaterThan(0);
    }
  });

  describe.each(DRAFT_TYPES)('%s', (type) => {
    describe.each(LANGUAGES)('%s', (language) => {
      const { task, values } = draftCase(type, language);
      const quick = offlineDraft(task, language, 'quick', null);
      const detailed = offlineDraft(task, language, 'detailed', null);

      it.each(['quick', 'detailed'] as const)('%s: the language’s template, filled from the task', (kind) => {
        const draft = kind === 'quick' ? quick : detailed;
        const template = expectedTemplate(type, language, kind);
        expect(template.language).toBe(language);
        expect(draft.trim()).not.toBe('');
        expect(draft).toBe(fillByHand(template, values));
      });

      it.each(['quick', 'detailed'] as const)('%s: written in the requested language', (kind) => {
        const draft = kind === 'quick' ? quick : detailed;
        expect(detectLanguage(draft)).toBe(language);
        // Not another language's template with the same kind.
        for (const other of LANGUAGES.filter((code) => code !== language)) {
          expect(draft).not.toBe(fillByHand(expectedTemplate(type, other, kind), values));
        }
      });

      it.each(['quick', 'detailed'] as const)('%s: no placeholder is left, and the values are in', (kind) => {
        const draft = kind === 'quick' ? quick : detailed;
        const template = expectedTemplate(type, language, kind);
        expect(draft).not.toMatch(/\{\w+\}/);
        if (template.content.includes('{name}')) expect(draft).toContain(values.name);
        if (template.content.includes('{company}')) expect(draft).toContain(values.company);
        if (template.content.includes('{message}')) expect(draft).toContain(values.message);
      });

      it('quick and detailed differ; a message’s quick is the shorter, a post’s kind is fixed', () => {
        expect(quick).not.toBe(detailed);
        if (POST_TYPES.includes(type)) {
          // Chosen by kind, not by length (which varies by language): the same kinds everywhere.
          const kinds = POST_DRAFT_KIND[type as keyof typeof POST_DRAFT_KIND];
          for (const code of LANGUAGES) {
            for (const kind of ['quick', 'detailed'] as const) {
              expect(offlineDraft(task, code, kind, null)).toBe(
                fillByHand(findTemplate(type, code, kinds[kind])!, values),
              );
            }
          }
        } else {
          expect(quick.length).toBeLessThan(detailed.length);
        }
      });

      it('is deterministic: the same task gives the same drafts', () => {
        const copy = structuredClone(task);
        expect(offlineDraft(copy, language, 'quick', null)).toBe(quick);
        expect(offlineDraft(copy, language, 'detailed', null)).toBe(detailed);
        expect(offlineDraft(task, language, 'detailed', null)).toBe(detailed);
        // The task is not changed by drafting.
        expect(task).toEqual(copy);
      });

      it('follows the requested language, not the task’s analysed one', () => {
        const other = otherLanguage(language);
        const draft = offlineDraft(task, other, 'quick', null);
        expect(draft).toBe(fillByHand(expectedTemplate(type, other, 'quick'), values));
      });

      it('a detailed draft carries the first sentence of knowledge written in its language only', () => {
        const foreign = FIXTURES[otherLanguage(language)].knowledge;
        const sources: KnowledgeSource[] = [
          { documentId: 'd1', title: 'Foreign notes', snippet: foreign.snippet },
          { documentId: 'd2', title: 'Notes', snippet: FIXTURES[language].knowledge.snippet },
        ];
        const grounded = offlineDraft(task, language, 'detailed', null, sources);
        expect(grounded).toContain(FIXTURES[language].knowledge.firstSentence);
        expect(grounded).not.toContain(foreign.firstSentence);
        // Only the first sentence of the passage.
        expect(grounded).not.toContain(FIXTURES[language].knowledge.snippet);
        // The rest of the draft is the ungrounded one, with the sentence before its last paragraph.
        const paragraphs = detailed.split('\n\n');
        const expected =
          paragraphs.length > 1
            ? [...paragraphs.slice(0, -1), FIXTURES[language].knowledge.firstSentence, paragraphs.at(-1)]
            : [detailed, FIXTURES[language].knowledge.firstSentence];
        expect(grounded).toBe(expected.join('\n\n'));
        expect(detectLanguage(grounded)).toBe(language);
        // Quick drafts are never grounded.
        expect(offlineDraft(task, language, 'quick', null, sources)).toBe(quick);
      });

      it('leaves out persona lines and knowledge whose language cannot be told', () => {
        // Short lines without a clue to their language: they could be in any language.
        const undetected = {
          keyMessage: 'Payer, simplement.',
          tagline: 'Schnell. Sicher.',
          snippet: 'Rapport 2025. Doppel × Slack.',
        };
        for (const line of Object.values(undetected)) expect(detectLanguage(line), line).toBeNull();
        const source = (snippet: string, documentId: string): KnowledgeSource => ({
          documentId,
          title: 'Notes',
          snippet,
        });

        // Only unknown-language lines: the draft carries none of them.
        const unknownVoice = voiceOf({
          highConceptKeyMessages: [undetected.keyMessage],
          brandTaglines: [undetected.tagline],
        });
        const bareVoice = voiceOf({});
        for (const kind of ['quick', 'detailed'] as const) {
          const draft = offlineDraft(task, language, kind, unknownVoice, [source(undetected.snippet, 'd1')]);
          expect(draft).toBe(offlineDraft(task, language, kind, bareVoice));
          for (const line of [undetected.keyMessage, undetected.tagline, 'Rapport 2025.']) {
            expect(draft).not.toContain(line);
          }
        }

        // Next to lines in the language, those are the ones taken.
        const mixedVoice = voiceOf({
          highConceptKeyMessages: [undetected.keyMessage, FIXTURES[language].keyMessage],
          brandTaglines: [undetected.tagline, FIXTURES[language].tagline],
        });
        const sources = [
          source(undetected.snippet, 'd1'),
          source(FIXTURES[language].knowledge.snippet, 'd2'),
        ];
        const grounded = offlineDraft(task, language, 'detailed', mixedVoice, sources);
        expect(grounded).toContain(FIXTURES[language].knowledge.firstSentence);
        expect(grounded).not.toContain('Rapport 2025.');
        expect(grounded).not.toContain(undetected.keyMessage);
        expect(grounded).not.toContain(undetected.tagline);
        if (POST_TYPES.includes(type))
          expect(grounded.endsWith(`\n\n${FIXTURES[language].tagline}`)).toBe(true);
        else expect(grounded).toContain(FIXTURES[language].keyMessage);
      });

      it('in the persona’s voice: still in the language, with the persona’s lines in that language only', () => {
        const foreign = FIXTURES[otherLanguage(language)];
        const voice = voiceOf({
          highConceptKeyMessages: [foreign.keyMessage, FIXTURES[language].keyMessage],
          brandTaglines: [foreign.tagline, FIXTURES[language].tagline],
        });
        const voicedQuick = offlineDraft(task, language, 'quick', voice);
        const voicedDetailed = offlineDraft(task, language, 'detailed', voice);
        for (const draft of [voicedQuick, voicedDetailed]) {
          expect(detectLanguage(draft)).toBe(language);
          expect(draft).not.toContain(foreign.keyMessage);
          expect(draft).not.toContain(foreign.tagline);
        }
        expect(offlineDraft(structuredClone(task), language, 'detailed', voice)).toBe(voicedDetailed);
        if (POST_TYPES.includes(type)) {
          // A post ends with the tagline, unsigned.
          expect(voicedQuick).toBe(`${quick}\n\n${FIXTURES[language].tagline}`);
          expect(voicedDetailed).toBe(`${detailed}\n\n${FIXTURES[language].tagline}`);
        } else {
          // A message is signed with the persona's first name; the detailed one carries the key message.
          expect(voicedQuick.startsWith(quick)).toBe(true);
          expect(voicedQuick.endsWith('\nMaya')).toBe(true);
          expect(voicedQuick).not.toContain(FIXTURES[language].keyMessage);
          expect(voicedDetailed.endsWith('\nMaya')).toBe(true);
          expect(voicedDetailed).toContain(FIXTURES[language].keyMessage);
          // The template's closing paragraph is replaced; the body before it is kept.
          const body = detailed.split('\n\n').slice(0, -1).join('\n\n');
          expect(voicedDetailed.startsWith(`${body}\n\n${FIXTURES[language].keyMessage}\n\n`)).toBe(true);
        }
      });
    });
  });
});

describe('high_concept_analysis (no composer drafts: its result is a persona proposal)', () => {
  describe.each(LANGUAGES)('%s', (language) => {
    const fixture = FIXTURES[language];
    // What startHighConceptAnalysis (personas/high-concept-analysis.ts) stores: a proposal, no
    // message or signal to read.
    const hcaContext: TaskContext = {
      personaId: '00000000-0000-4000-8000-000000000003',
      proposal: { brandTaglines: [fixture.tagline], highConceptKeyMessages: [fixture.keyMessage] },
      analyzedBy: OFFLINE_ENGINE,
      summary: `2 — ${fixture.contact.name}`,
      recommendation: 'OPPORTUNITY: review the proposal and accept what fits',
    };

    it('withAnalysis leaves its context untouched and suggests no priority', () => {
      const { context, priority } = withAnalysis({
        type: 'high_concept_analysis',
        context: hcaContext,
        contact: { name: fixture.contact.name, language },
      });
      expect(priority).toBeNull();
      expect(context).toEqual(hcaContext);
      expect(context.language).toBeUndefined();
    });

    it('a text given to the analysis is read with the message rules, not the social ones', () => {
      const analysis = analyzeOffline({ type: 'high_concept_analysis', text: fixture.urgent });
      expect(analysis.language).toBe(language);
      expect(colourOf(analysis.recommendation)).toBe('red');
      expect(analysis.priority).toBe('high');
    });

    it('has no draft: offlineDraft refuses it with a conflict, in every draft kind', () => {
      const task = baseTask('high_concept_analysis', {
        title: 'High Concept Analysis',
        description: fixture.linkedinTopic,
        context: hcaContext,
      });
      const voice = voiceOf({ highConceptKeyMessages: [fixture.keyMessage] });
      for (const kind of ['quick', 'detailed'] as const) {
        let refusal: unknown;
        try {
          offlineDraft(task, language, kind, voice);
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(AppError);
        expect(refusal).toMatchObject({
          code: 'conflict',
          message:
            'A High Concept Analysis has no message to draft; review its proposal on the Personas page.',
        });
      }
      // The same context on a message task drafts as usual.
      expect(offlineDraft({ ...task, type: 'message_reply' }, language, 'quick', null)).toBe(
        fillByHand(findTemplate('message_reply', language, 'quick')!, {
          name: '',
          company: '',
          message: fixture.linkedinTopic,
        }),
      );
    });
  });
});

describe('offline proactive openers', () => {
  const context = (fields: Partial<TaskContext>): TaskContext => fields;
  it.each(LANGUAGES)(
    '%s: a campaign lead is introduced to, news is congratulated on, a plain one checks in',
    (language) => {
      const openers = PROACTIVE_OPENERS[language];
      const draft = (fields: Partial<TaskContext>, kind: DraftKind) =>
        proactiveDraftTemplate({ type: 'proactive_message', context: context(fields) }, language, kind);
      expect(draft({ campaignId: '00000000-0000-4000-8000-000000000009' }, 'detailed')).toBe(
        openers.introduce.detailed,
      );
      expect(draft({ triggerType: 'rss_news' }, 'quick')).toBe(openers.news.quick);
      expect(draft({ triggerType: 'linkedin_job_change' }, 'quick')).toBe(openers.congratulate.quick);
      expect(draft({}, 'quick')).toBe(openers.checkIn.quick);
      // Each is written in its language and is no reply to a message.
      for (const flavour of Object.values(openers)) {
        expect(detectLanguage(flavour.detailed.replace(/\{\w+\}/g, ''))).toBe(language);
        expect(flavour.quick.length).toBeLessThan(flavour.detailed.length);
      }
    },
  );

  it('other task types keep the reply and post templates', () => {
    expect(proactiveDraftTemplate({ type: 'message_reply', context: {} }, 'en', 'quick')).toBeNull();
    expect(proactiveDraftTemplate({ type: 'linkedin_post', context: {} }, 'en', 'quick')).toBeNull();
  });
});
