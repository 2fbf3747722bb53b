import type { DraftKind, TemplateLanguage } from '@doppel/contracts';

/**
 * Openers for the offline engine's proactive messages. The spec's reply templates answer a
 * message ("thank you for writing…"), which reads wrong as a first note to a campaign lead or a
 * congratulation; these start the conversation instead, in each template language, and are
 * filled with the same {name}, {company} and {message} values (for news and job changes
 * {message} is the headline or the activity). There is one per intent of the message: introduce
 * (a campaign lead), news, congratulate (a job change) and checkIn (anyone else).
 */
export type ProactiveIntent = 'introduce' | 'news' | 'congratulate' | 'checkIn';
type Openers = Record<ProactiveIntent, Record<DraftKind, string>>;

export const PROACTIVE_OPENERS: Record<TemplateLanguage, Openers> = {
  en: {
    introduce: {
      quick:
        'Hi {name}, I came across your work at {company} and would love to connect. Open to a short call next week?',
      detailed:
        'Hi {name},\n\nI came across your work at {company} and thought it was worth reaching out directly. What you are doing is close to what I work on, and I believe there is a real reason for us to talk.\n\nWould you be open to a 20-minute call next week? I am happy to share more beforehand if that helps.\n\nBest regards',
    },
    news: {
      quick:
        'Hi {name}, I just read "{message}" — congratulations! Would love to hear how it is going at {company}.',
      detailed:
        'Hi {name},\n\nI just read "{message}" and wanted to reach out. It is great news for {company}, and it connects with what I am working on.\n\nIf it is useful, I would be glad to share what we have learned in a similar situation. Would a short call in the next few weeks work for you?\n\nBest regards',
    },
    congratulate: {
      quick: 'Congratulations on the new role at {company}, {name}! Wishing you a great start.',
      detailed:
        'Hi {name},\n\nCongratulations on your new role at {company}! I saw the news ({message}) and wanted to wish you a great start.\n\nOnce you have settled in, I would be glad to catch up and hear what you are planning there.\n\nBest regards',
    },
    checkIn: {
      quick: 'Hi {name}, it has been a while — how are things at {company}? Would be great to catch up.',
      detailed:
        'Hi {name},\n\nIt has been a while since we last spoke, and I wanted to check in. How are things going at {company}?\n\nI would be glad to catch up over a short call and share what I have been working on. Does next week suit you?\n\nBest regards',
    },
  },
  ru: {
    introduce: {
      quick:
        '{name}, здравствуйте! Увидел вашу работу в {company} и хотел бы познакомиться. Удобно созвониться на следующей неделе?',
      detailed:
        'Здравствуйте, {name}!\n\nУвидел вашу работу в {company} и решил написать напрямую. То, чем вы занимаетесь, близко к моей работе, и, по-моему, нам есть что обсудить.\n\nУдобно ли вам созвониться на 20 минут на следующей неделе? Если нужно, заранее пришлю подробности.\n\nС уважением',
    },
    news: {
      quick:
        '{name}, здравствуйте! Прочитал «{message}» — поздравляю! Интересно узнать, как дела в {company}.',
      detailed:
        'Здравствуйте, {name}!\n\nПрочитал «{message}» и решил написать. Отличная новость для {company}, и она перекликается с тем, чем я занимаюсь.\n\nЕсли будет полезно, поделюсь нашим опытом в похожей ситуации. Удобно ли созвониться в ближайшие недели?\n\nС уважением',
    },
    congratulate: {
      quick: '{name}, поздравляю с новой ролью в {company}! Удачного старта.',
      detailed:
        'Здравствуйте, {name}!\n\nПоздравляю с новой ролью в {company}! Увидел новость ({message}) и хотел пожелать удачного старта.\n\nКогда освоитесь, буду рад созвониться и узнать о ваших планах.\n\nС уважением',
    },
    checkIn: {
      quick: '{name}, здравствуйте! Давно не общались — как дела в {company}? Было бы здорово созвониться.',
      detailed:
        'Здравствуйте, {name}!\n\nМы давно не общались, и я решил узнать, как у вас дела в {company}.\n\nБуду рад созвониться ненадолго и рассказать, над чем работаю сейчас. Удобно на следующей неделе?\n\nС уважением',
    },
  },
  fr: {
    introduce: {
      quick:
        'Bonjour {name}, j’ai découvert votre travail chez {company} et j’aimerais échanger. Un court appel la semaine prochaine ?',
      detailed:
        'Bonjour {name},\n\nJ’ai découvert votre travail chez {company} et j’ai souhaité vous écrire directement. Ce que vous faites est proche de mon activité, et je pense que nous avons de bonnes raisons d’échanger.\n\nSeriez-vous disponible pour un appel de 20 minutes la semaine prochaine ? Je peux vous envoyer plus de détails avant.\n\nBien cordialement',
    },
    news: {
      quick:
        'Bonjour {name}, je viens de lire « {message} » — félicitations ! J’aimerais savoir comment cela se passe chez {company}.',
      detailed:
        'Bonjour {name},\n\nJe viens de lire « {message} » et je voulais vous écrire. C’est une excellente nouvelle pour {company}, et elle rejoint ce sur quoi je travaille.\n\nSi cela peut être utile, je partagerai volontiers notre expérience dans une situation similaire. Un court appel dans les semaines à venir vous conviendrait-il ?\n\nBien cordialement',
    },
    congratulate: {
      quick: 'Félicitations pour votre nouveau poste chez {company}, {name} ! Excellent début.',
      detailed:
        'Bonjour {name},\n\nFélicitations pour votre nouveau poste chez {company} ! J’ai vu la nouvelle ({message}) et je vous souhaite un excellent début.\n\nUne fois installé, je serais ravi d’échanger sur vos projets.\n\nBien cordialement',
    },
    checkIn: {
      quick:
        'Bonjour {name}, cela fait un moment — comment ça va chez {company} ? Ce serait bien d’échanger.',
      detailed:
        'Bonjour {name},\n\nCela fait un moment que nous n’avons pas parlé, et je voulais prendre de vos nouvelles. Comment ça se passe chez {company} ?\n\nJe serais ravi d’échanger lors d’un court appel et de vous raconter mes projets. La semaine prochaine vous conviendrait-elle ?\n\nBien cordialement',
    },
  },
  es: {
    introduce: {
      quick:
        'Hola {name}, conocí tu trabajo en {company} y me encantaría conectar. ¿Te va una llamada corta la semana que viene?',
      detailed:
        'Hola {name}:\n\nConocí tu trabajo en {company} y quise escribirte directamente. Lo que haces está muy cerca de lo que hago yo, y creo que tenemos buenos motivos para hablar.\n\n¿Te iría bien una llamada de 20 minutos la semana que viene? Si te ayuda, te envío más detalles antes.\n\nUn saludo',
    },
    news: {
      quick:
        'Hola {name}, acabo de leer «{message}» — ¡enhorabuena! Me encantaría saber cómo va todo en {company}.',
      detailed:
        'Hola {name}:\n\nAcabo de leer «{message}» y quería escribirte. Es una gran noticia para {company}, y conecta con lo que estoy haciendo.\n\nSi te resulta útil, te cuento lo que aprendimos en una situación parecida. ¿Te iría bien una llamada corta en las próximas semanas?\n\nUn saludo',
    },
    congratulate: {
      quick: '¡Enhorabuena por el nuevo puesto en {company}, {name}! Te deseo un gran comienzo.',
      detailed:
        'Hola {name}:\n\n¡Enhorabuena por tu nuevo puesto en {company}! Vi la noticia ({message}) y quería desearte un gran comienzo.\n\nCuando te hayas instalado, me encantaría ponernos al día y conocer tus planes.\n\nUn saludo',
    },
    checkIn: {
      quick:
        'Hola {name}, hace tiempo que no hablamos — ¿qué tal todo en {company}? Estaría bien ponernos al día.',
      detailed:
        'Hola {name}:\n\nHace tiempo que no hablamos y quería saber de ti. ¿Qué tal va todo en {company}?\n\nMe encantaría ponernos al día en una llamada corta y contarte en qué estoy trabajando. ¿Te va bien la semana que viene?\n\nUn saludo',
    },
  },
  de: {
    introduce: {
      quick:
        'Hallo {name}, ich bin auf Ihre Arbeit bei {company} gestoßen und würde mich gern austauschen. Passt ein kurzes Gespräch nächste Woche?',
      detailed:
        'Hallo {name},\n\nich bin auf Ihre Arbeit bei {company} gestoßen und wollte Ihnen direkt schreiben. Was Sie machen, liegt nah an meiner eigenen Arbeit, und ich glaube, ein Gespräch lohnt sich für uns beide.\n\nHätten Sie nächste Woche Zeit für ein 20-minütiges Gespräch? Gern schicke ich Ihnen vorab mehr Details.\n\nBeste Grüße',
    },
    news: {
      quick:
        'Hallo {name}, ich habe gerade „{message}“ gelesen – Glückwunsch! Ich würde gern hören, wie es bei {company} läuft.',
      detailed:
        'Hallo {name},\n\nich habe gerade „{message}“ gelesen und wollte mich melden. Eine großartige Nachricht für {company}, und sie passt zu dem, woran ich arbeite.\n\nWenn es hilft, teile ich gern unsere Erfahrungen aus einer ähnlichen Lage. Passt Ihnen ein kurzes Gespräch in den nächsten Wochen?\n\nBeste Grüße',
    },
    congratulate: {
      quick:
        'Herzlichen Glückwunsch zur neuen Rolle bei {company}, {name}! Ich wünsche Ihnen einen tollen Start und viel Erfolg.',
      detailed:
        'Hallo {name},\n\nherzlichen Glückwunsch zu Ihrer neuen Rolle bei {company}! Ich habe die Nachricht gesehen ({message}) und wünsche Ihnen einen tollen Start.\n\nWenn Sie sich eingelebt haben, würde ich mich über einen Austausch zu Ihren Plänen freuen.\n\nBeste Grüße',
    },
    checkIn: {
      quick:
        'Hallo {name}, es ist eine Weile her – wie läuft es bei {company}? Ich würde mich über einen Austausch freuen.',
      detailed:
        'Hallo {name},\n\nwir haben länger nicht gesprochen, und ich wollte mich melden. Wie läuft es bei {company}?\n\nIch würde mich über ein kurzes Gespräch freuen und erzähle gern, woran ich gerade arbeite. Passt Ihnen nächste Woche?\n\nBeste Grüße',
    },
  },
};

/** The opener a proactive message of this intent is drafted from offline. */
export function proactiveOpener(
  intent: ProactiveIntent,
  language: TemplateLanguage,
  kind: DraftKind,
): string {
  return PROACTIVE_OPENERS[language][intent][kind];
}
