import type { DraftKind, Task, TaskType } from './tasks';

/*
 * Reply templates: the composer's suggested option and the offline drafts. Message
 * templates: en has five kinds, ru five, fr/es/de three each (polite, detailed, quick — so the
 * mobile screen's "quick" and "detailed" drafts exist in every language). Post templates: three
 * kinds per post type, in every language; which of them a post's quick and detailed drafts use
 * is postDraftKinds. Placeholders: {name}, {company}, {message}.
 */

export const templateLanguages = ['en', 'ru', 'fr', 'es', 'de'] as const;
export type TemplateLanguage = (typeof templateLanguages)[number];

export const messageTemplateKinds = ['polite', 'detailed', 'quick', 'professional', 'story'] as const;
export const linkedinPostKinds = ['professional', 'story', 'insight'] as const;
export const redditPostKinds = ['discussion', 'showcase', 'question'] as const;
export const redditCommentKinds = ['supportive', 'expert', 'question'] as const;

export type TemplateGroup = 'message' | 'linkedin_post' | 'reddit_post' | 'reddit_comment';

export interface ReplyTemplate {
  /** Stable id: group.language.kind */
  id: string;
  group: TemplateGroup;
  language: TemplateLanguage;
  kind: string;
  content: string;
}

type Texts = Partial<Record<string, string>>;

const MESSAGE_TEXTS: Record<TemplateLanguage, Texts> = {
  en: {
    polite:
      'Hi {name},\n\nThank you for your message — I really appreciate you reaching out. I will look into it and get back to you shortly.\n\nBest regards',
    detailed:
      'Hi {name},\n\nThank you for writing. Regarding your message: "{message}"\n\nHere is how I see it: I am interested, and I would like to understand your goals at {company} a little better before we go further. Could you share the main priorities and the timeline you have in mind? I can then suggest concrete next steps and a time for a call.\n\nBest regards',
    quick: 'Hi {name}, thanks — sounds good. Let me get back to you with details today.',
    professional:
      'Dear {name},\n\nThank you for your message. I would be glad to explore how we could work together with {company}. Would you be available for a short call this week to discuss the details?\n\nKind regards',
    story:
      'Hi {name},\n\nYour message reminded me of how we started: a small team, a big problem and a lot of conversations exactly like this one. Some of our best partnerships began with a note like yours, so I would love to hear more about what you are building at {company}.\n\nWarm regards',
  },
  ru: {
    polite:
      'Здравствуйте, {name}!\n\nСпасибо за сообщение — очень ценю, что вы написали. Я разберусь и скоро вернусь с ответом.\n\nС уважением',
    detailed:
      'Здравствуйте, {name}!\n\nСпасибо, что написали. По поводу вашего сообщения: «{message}»\n\nМне это интересно, и я хотел бы лучше понять ваши цели в {company}, прежде чем двигаться дальше. Поделитесь, пожалуйста, главными приоритетами и сроками? Тогда я предложу конкретные следующие шаги и время для звонка.\n\nС уважением',
    quick: '{name}, спасибо — звучит отлично. Вернусь к вам с деталями сегодня.',
    professional:
      'Уважаемый(ая) {name},\n\nБлагодарю за сообщение. Буду рад обсудить, как мы можем работать вместе с {company}. Удобно ли вам созвониться на этой неделе, чтобы обсудить детали?\n\nС уважением',
    story:
      '{name}, здравствуйте!\n\nВаше сообщение напомнило мне, с чего мы начинали: небольшая команда, большая задача и много разговоров, похожих на этот. Некоторые из лучших наших партнёрств начались с такого письма, поэтому мне очень интересно узнать больше о том, что вы делаете в {company}.\n\nС теплом',
  },
  fr: {
    polite:
      'Bonjour {name},\n\nMerci pour votre message, je suis ravi que vous m’ayez contacté. Je regarde cela et je reviens vers vous très vite.\n\nBien cordialement',
    detailed:
      'Bonjour {name},\n\nMerci pour votre message. Concernant : « {message} »\n\nCela m’intéresse, et j’aimerais mieux comprendre vos objectifs chez {company} avant d’aller plus loin. Pourriez-vous me préciser vos priorités et le calendrier envisagé ? Je vous proposerai ensuite des prochaines étapes concrètes et un créneau pour un appel.\n\nBien cordialement',
    quick: 'Bonjour {name}, merci — cela me convient. Je reviens vers vous avec les détails aujourd’hui.',
  },
  es: {
    polite:
      'Hola {name}:\n\nGracias por tu mensaje, de verdad agradezco que me escribieras. Lo reviso y te respondo en breve.\n\nUn saludo',
    detailed:
      'Hola {name}:\n\nGracias por escribir. Sobre tu mensaje: «{message}»\n\nMe interesa, y me gustaría entender mejor vuestros objetivos en {company} antes de avanzar. ¿Podrías contarme las prioridades principales y los plazos que tenéis en mente? Después te propondré próximos pasos concretos y un momento para una llamada.\n\nUn saludo',
    quick: 'Hola {name}, gracias, me parece bien. Te escribo hoy con los detalles.',
  },
  de: {
    polite:
      'Hallo {name},\n\nvielen Dank für Ihre Nachricht – ich freue mich sehr, dass Sie sich melden. Ich schaue mir das an und melde mich in Kürze.\n\nBeste Grüße',
    detailed:
      'Hallo {name},\n\nvielen Dank für Ihre Nachricht. Zu Ihrem Anliegen: „{message}“\n\nDas interessiert mich, und ich würde gern Ihre Ziele bei {company} besser verstehen, bevor wir weitermachen. Könnten Sie mir die wichtigsten Prioritäten und Ihren Zeitplan nennen? Dann schlage ich konkrete nächste Schritte und einen Termin für ein Gespräch vor.\n\nBeste Grüße',
    quick: 'Hallo {name}, danke – klingt gut. Ich melde mich heute noch mit den Details.',
  },
};

const LINKEDIN_POST_TEXTS: Record<TemplateLanguage, Texts> = {
  en: {
    professional:
      '{message}\n\nThree takeaways from our work on this:\n1. Start with the customer problem, not the tool.\n2. Measure early and share the numbers.\n3. Small teams move fastest when decisions are written down.\n\nHow do you approach it?',
    story:
      'A year ago we faced the same question: {message}\n\nWe tried the obvious answer first, and it did not work. What did work was talking to twenty customers in two weeks. Here is what we learned.',
    insight:
      'One insight I keep coming back to: {message}\n\nThe teams that win are not the ones with the most resources, but the ones that learn fastest. Agree?',
  },
  ru: {
    professional:
      '{message}\n\nТри вывода из нашей работы над этим:\n1. Начинайте с проблемы клиента, а не с инструмента.\n2. Измеряйте рано и делитесь цифрами.\n3. Маленькие команды быстрее, когда решения записаны.\n\nА как подходите вы?',
    story:
      'Год назад мы столкнулись с тем же вопросом: {message}\n\nСначала попробовали очевидный ответ — не сработало. Сработало другое: двадцать разговоров с клиентами за две недели. Вот что мы узнали.',
    insight:
      'Мысль, к которой я постоянно возвращаюсь: {message}\n\nВыигрывают не те, у кого больше ресурсов, а те, кто быстрее учится. Согласны?',
  },
  fr: {
    professional:
      '{message}\n\nTrois enseignements de notre travail sur ce sujet :\n1. Partir du problème client, pas de l’outil.\n2. Mesurer tôt et partager les chiffres.\n3. Les petites équipes vont plus vite quand les décisions sont écrites.\n\nEt vous, comment l’abordez-vous ?',
    story:
      'Il y a un an, nous nous posions la même question : {message}\n\nLa réponse évidente n’a pas marché. Ce qui a marché : vingt conversations clients en deux semaines. Voici ce que nous avons appris.',
    insight:
      'Une idée à laquelle je reviens sans cesse : {message}\n\nCe ne sont pas les équipes les mieux dotées qui gagnent, mais celles qui apprennent le plus vite. D’accord ?',
  },
  es: {
    professional:
      '{message}\n\nTres aprendizajes de nuestro trabajo en esto:\n1. Empieza por el problema del cliente, no por la herramienta.\n2. Mide pronto y comparte los números.\n3. Los equipos pequeños van más rápido cuando las decisiones quedan por escrito.\n\n¿Cómo lo abordas tú?',
    story:
      'Hace un año nos hicimos la misma pregunta: {message}\n\nLa respuesta obvia no funcionó. Lo que sí funcionó: veinte conversaciones con clientes en dos semanas. Esto es lo que aprendimos.',
    insight:
      'Una idea a la que siempre vuelvo: {message}\n\nNo ganan los equipos con más recursos, sino los que aprenden más rápido. ¿Estás de acuerdo?',
  },
  de: {
    professional:
      '{message}\n\nDrei Erkenntnisse aus unserer Arbeit daran:\n1. Mit dem Kundenproblem beginnen, nicht mit dem Werkzeug.\n2. Früh messen und die Zahlen teilen.\n3. Kleine Teams sind schneller, wenn Entscheidungen aufgeschrieben werden.\n\nWie gehen Sie es an?',
    story:
      'Vor einem Jahr standen wir vor derselben Frage: {message}\n\nDie naheliegende Antwort funktionierte nicht. Was funktionierte: zwanzig Kundengespräche in zwei Wochen. Das haben wir gelernt.',
    insight:
      'Ein Gedanke, auf den ich immer wieder zurückkomme: {message}\n\nEs gewinnen nicht die Teams mit den meisten Ressourcen, sondern die, die am schnellsten lernen. Einverstanden?',
  },
};

const REDDIT_POST_TEXTS: Record<TemplateLanguage, Texts> = {
  en: {
    discussion:
      '{message}\n\nCurious how others here handle this. What has worked for you, and what did not?',
    showcase:
      'We built something for this: {message}\n\nHappy to share what we learned along the way and to hear honest feedback.',
    question: 'Question for the community: {message}\n\nAny pointers, tools or experiences appreciated.',
  },
  ru: {
    discussion: '{message}\n\nИнтересно, как с этим справляются другие. Что у вас сработало, а что нет?',
    showcase:
      'Мы сделали кое-что для этого: {message}\n\nС радостью поделюсь опытом и выслушаю честную обратную связь.',
    question: 'Вопрос к сообществу: {message}\n\nБуду благодарен за советы, инструменты или ваш опыт.',
  },
  fr: {
    discussion:
      '{message}\n\nComment gérez-vous cela de votre côté ? Qu’est-ce qui a marché, et qu’est-ce qui n’a pas marché ?',
    showcase:
      'Nous avons construit quelque chose pour cela : {message}\n\nJe partage volontiers ce que nous avons appris et j’attends vos retours sincères.',
    question:
      'Question à la communauté : {message}\n\nToute piste, tout outil ou retour d’expérience est le bienvenu.',
  },
  es: {
    discussion: '{message}\n\n¿Cómo lo manejáis vosotros? ¿Qué os ha funcionado y qué no?',
    showcase:
      'Hemos creado algo para esto: {message}\n\nEncantado de compartir lo aprendido y de recibir opiniones sinceras.',
    question:
      'Pregunta para la comunidad: {message}\n\nSe agradece cualquier consejo, herramienta o experiencia.',
  },
  de: {
    discussion: '{message}\n\nWie geht ihr damit um? Was hat bei euch funktioniert, was nicht?',
    showcase:
      'Wir haben dafür etwas gebaut: {message}\n\nIch teile gern, was wir gelernt haben, und freue mich über ehrliches Feedback.',
    question: 'Frage an die Community: {message}\n\nFür Tipps, Tools oder Erfahrungen bin ich dankbar.',
  },
};

const REDDIT_COMMENT_TEXTS: Record<TemplateLanguage, Texts> = {
  en: {
    supportive:
      'Great point, {name}. We ran into the same thing, and what you describe matches our experience.',
    expert:
      'From our experience: the key is to start small, measure the result and only then scale. Happy to go into details if useful.',
    question:
      'Interesting, {name}. How did you measure the result, and what would you do differently next time?',
  },
  ru: {
    supportive:
      'Отличная мысль, {name}. Мы столкнулись с тем же, и наш опыт совпадает с тем, что вы описываете.',
    expert:
      'По нашему опыту, главное — начать с малого, измерить результат и только потом масштабировать. Могу рассказать подробнее.',
    question: 'Интересно, {name}. Как вы измеряли результат и что сделали бы иначе в следующий раз?',
  },
  fr: {
    supportive:
      'Très juste, {name}. Nous avons vécu la même chose, et votre description correspond à notre expérience.',
    expert:
      'D’après notre expérience, l’essentiel est de commencer petit, de mesurer le résultat, puis seulement de passer à l’échelle. Je peux détailler si utile.',
    question:
      'Intéressant, {name}. Comment avez-vous mesuré le résultat, et que feriez-vous différemment la prochaine fois ?',
  },
  es: {
    supportive:
      'Muy buen punto, {name}. Nos pasó lo mismo y lo que describes coincide con nuestra experiencia.',
    expert:
      'Según nuestra experiencia, la clave es empezar poco a poco, medir el resultado y solo después escalar. Puedo dar más detalles si sirve.',
    question: 'Interesante, {name}. ¿Cómo mediste el resultado y qué harías distinto la próxima vez?',
  },
  de: {
    supportive:
      'Guter Punkt, {name}. Uns ging es genauso, und deine Beschreibung deckt sich mit unserer Erfahrung.',
    expert:
      'Aus unserer Erfahrung: klein anfangen, das Ergebnis messen und erst dann skalieren. Gern erkläre ich das genauer.',
    question:
      'Spannend, {name}. Wie hast du das Ergebnis gemessen, und was würdest du beim nächsten Mal anders machen?',
  },
};

const GROUP_TEXTS: Record<
  TemplateGroup,
  { kinds: readonly string[]; texts: Record<TemplateLanguage, Texts> }
> = {
  message: { kinds: messageTemplateKinds, texts: MESSAGE_TEXTS },
  linkedin_post: { kinds: linkedinPostKinds, texts: LINKEDIN_POST_TEXTS },
  reddit_post: { kinds: redditPostKinds, texts: REDDIT_POST_TEXTS },
  reddit_comment: { kinds: redditCommentKinds, texts: REDDIT_COMMENT_TEXTS },
};

let allTemplates: readonly ReplyTemplate[] | null = null;

/** Every template, in kind order within group and language (built on first use). */
export function replyTemplates(): readonly ReplyTemplate[] {
  allTemplates ??= Object.entries(GROUP_TEXTS).flatMap(([group, { kinds, texts }]) =>
    templateLanguages.flatMap((language) =>
      kinds.flatMap((kind) => {
        const content = texts[language][kind];
        return content
          ? [{ id: `${group}.${language}.${kind}`, group: group as TemplateGroup, language, kind, content }]
          : [];
      }),
    ),
  );
  return allTemplates;
}

/** Task types whose result is published rather than sent to one person. */
export const POST_TASK_TYPES: readonly TaskType[] = ['linkedin_post', 'reddit_post', 'reddit_comment'];

export function isPostTask(type: TaskType): boolean {
  return POST_TASK_TYPES.includes(type);
}

/**
 * Whether a task type has a reply or post to draft. A High Concept Analysis has none: its result
 * is a persona proposal, reviewed on the Personas page, so drafting one is refused.
 */
export function hasDraft(type: TaskType): boolean {
  return type !== 'high_concept_analysis';
}

/**
 * The post kind each draft of a post is written from (posts have no quick/detailed templates of
 * their own): a fixed choice per post type, the same in every language — chosen by kind, not by
 * length, which varies between languages (the Spanish and German Reddit question is longer than
 * the discussion).
 */
export const postDraftKinds = {
  linkedin_post: { quick: 'insight', detailed: 'story' },
  reddit_post: { quick: 'question', detailed: 'discussion' },
  reddit_comment: { quick: 'supportive', detailed: 'expert' },
} as const satisfies {
  linkedin_post: Record<DraftKind, (typeof linkedinPostKinds)[number]>;
  reddit_post: Record<DraftKind, (typeof redditPostKinds)[number]>;
  reddit_comment: Record<DraftKind, (typeof redditCommentKinds)[number]>;
};

/**
 * The templates' group of a task type. Types without a group of their own (messages, and a High
 * Concept Analysis, which has no draft — see hasDraft) use the message templates.
 */
export function templateGroupFor(type: TaskType): TemplateGroup {
  if (type === 'linkedin_post' || type === 'reddit_post' || type === 'reddit_comment') return type;
  return 'message';
}

/** The template kind the composer suggests first for each task type. */
const SUGGESTED_KIND: Record<TaskType, string> = {
  message_reply: 'polite',
  proactive_message: 'professional',
  high_concept_analysis: 'detailed',
  linkedin_post: 'professional',
  reddit_post: 'discussion',
  reddit_comment: 'supportive',
};

export function templateLanguageFor(
  language: string | null | undefined,
  fallback: string = 'en',
): TemplateLanguage {
  const code = (language ?? '').slice(0, 2).toLowerCase();
  if ((templateLanguages as readonly string[]).includes(code)) return code as TemplateLanguage;
  const fallbackCode = fallback.slice(0, 2).toLowerCase();
  return (templateLanguages as readonly string[]).includes(fallbackCode)
    ? (fallbackCode as TemplateLanguage)
    : 'en';
}

/** Templates for a task type in a language, in kind order. */
export function templatesFor(type: TaskType, language: TemplateLanguage): ReplyTemplate[] {
  const group = templateGroupFor(type);
  return replyTemplates().filter((template) => template.group === group && template.language === language);
}

export function findTemplate(
  type: TaskType,
  language: TemplateLanguage,
  kind: string,
): ReplyTemplate | undefined {
  return templatesFor(type, language).find((template) => template.kind === kind);
}

/**
 * The one template the composer offers for a task: its type's suggested kind in the language
 * the analysis chose (else the contact's, else the given fallback), or that language's first
 * kind.
 */
export function suggestedTemplate(
  task: Pick<Task, 'type' | 'contact'> & { context?: Pick<Task['context'], 'language'> },
  fallbackLanguage: string = 'en',
): ReplyTemplate {
  const language = templateLanguageFor(task.context?.language ?? task.contact?.language, fallbackLanguage);
  const candidates = templatesFor(task.type, language);
  return candidates.find((template) => template.kind === SUGGESTED_KIND[task.type]) ?? candidates[0]!;
}

/** Values for {name}, {company} and {message}, taken from the task and its contact. */
export function templateValues(task: Pick<Task, 'contact' | 'context' | 'title' | 'description'>) {
  const trigger = task.context.triggerData ?? {};
  return {
    name: task.contact?.name ?? trigger.originalAuthor ?? '',
    company: task.contact?.company ?? trigger.jobChangeCompany ?? '',
    message:
      task.context.lastMessage ??
      trigger.newsTitle ??
      trigger.linkedinActivity ??
      trigger.originalPost ??
      (task.description || task.title),
  };
}

/** Replaces {placeholders} with values; unknown placeholders stay as typed. */
export function fillTemplate(content: string, values: Record<string, string>): string {
  return content.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
