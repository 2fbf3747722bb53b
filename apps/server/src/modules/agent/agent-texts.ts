import type { AgentCommand, InterfaceLanguage, TaskPriority, TaskStatus } from '@doppel/contracts';

/**
 * What the agent console's commands answer, in the user's interface language. The console
 * prints plain text, so the server writes it: the same answer reaches the web app and any
 * API client, and the kept conversation reads the same after a reload. `{name}` slots are
 * filled by fill().
 */
export interface AgentTexts {
  help: { title: string; commands: Record<AgentCommand, string>; footer: string };
  status: {
    model: string;
    offlineEngine: string;
    online: string;
    offline: string;
    tokens: string;
    pendingTasks: string;
    messengers: string;
    noMessengers: string;
  };
  tasks: {
    heading: string;
    headingWithStatus: string;
    none: string;
    noneWithStatus: string;
    more: string;
    badStatus: string;
  };
  statuses: Record<TaskStatus, string>;
  priorities: Record<TaskPriority, string>;
  search: { usage: string; emptyKnowledgeBase: string; noMatch: string; heading: string };
  draft: { usage: string; notFound: string; ambiguous: string; heading: string; saved: string };
  unknownCommand: string;
  offlineConversation: string;
  /** Under a model's answer: the knowledge-base documents it was given. */
  sources: string;
}

const en: AgentTexts = {
  help: {
    title: 'Commands:',
    commands: {
      help: '/help — list these commands',
      status: '/status — model, tokens used this month, pending tasks, connected messengers',
      tasks: '/tasks [status] — your latest tasks; status is pending, in_progress or completed',
      search: '/search <query> — search your knowledge base',
      draft: '/draft <task> — write a quick draft for a task: its #number from /tasks or words of its title',
      clear: '/clear — delete this conversation',
    },
    footer: 'Anything else is a conversation with your twin.',
  },
  status: {
    model: 'Model: {model} — {state}',
    offlineEngine: 'offline engine (writes from templates; no language model configured)',
    online: 'online',
    offline: 'offline: {error}',
    tokens: 'Tokens this month: {used} of {quota}',
    pendingTasks: 'Pending tasks: {count}',
    messengers: 'Connected messengers: {list}',
    noMessengers: 'none',
  },
  tasks: {
    heading: 'Latest tasks ({count} in all):',
    headingWithStatus: 'Latest {status} tasks ({count} in all):',
    none: 'You have no tasks.',
    noneWithStatus: 'You have no {status} tasks.',
    more: '…and {count} more on AI Tasks.',
    badStatus: 'Unknown status “{value}”. Use pending, in_progress or completed.',
  },
  statuses: { pending: 'pending', in_progress: 'in progress', completed: 'completed' },
  priorities: { high: 'high', medium: 'medium', low: 'low' },
  search: {
    usage: 'Say what to look for: /search <query>',
    emptyKnowledgeBase:
      'Your knowledge base has no processed documents yet. Add material on the Knowledge page.',
    noMatch: 'Nothing in your knowledge base matches “{query}”.',
    heading: 'Passages matching “{query}”:',
  },
  draft: {
    usage: 'Name the task: /draft <#number or words of its title>',
    notFound: 'No task matches “{query}”. /tasks lists them.',
    ambiguous: 'Several tasks match “{query}”; use its #number:',
    heading: 'Quick draft for “{title}”:',
    saved: 'Saved to the task’s drafts; open it in Assistant to send.',
  },
  unknownCommand: 'Unknown command /{name}. Type /help for the list.',
  offlineConversation:
    'I am running on the offline engine, which writes from templates and cannot hold a conversation. Add a language model in Settings → AI models to talk with me. The commands work meanwhile: type /help.',
  sources: 'From your knowledge base: {titles}',
};

const ru: AgentTexts = {
  help: {
    title: 'Команды:',
    commands: {
      help: '/help — список команд',
      status: '/status — модель, токены за этот месяц, ожидающие задачи, подключённые мессенджеры',
      tasks: '/tasks [статус] — последние задачи; статус: pending, in_progress или completed',
      search: '/search <запрос> — поиск по базе знаний',
      draft: '/draft <задача> — быстрый черновик для задачи: её #номер из /tasks или слова из названия',
      clear: '/clear — удалить эту переписку',
    },
    footer: 'Всё остальное — разговор с вашим двойником.',
  },
  status: {
    model: 'Модель: {model} — {state}',
    offlineEngine: 'офлайн-движок (пишет по шаблонам; языковая модель не настроена)',
    online: 'в сети',
    offline: 'не в сети: {error}',
    tokens: 'Токенов в этом месяце: {used} из {quota}',
    pendingTasks: 'Ожидающих задач: {count}',
    messengers: 'Подключённые мессенджеры: {list}',
    noMessengers: 'нет',
  },
  tasks: {
    heading: 'Последние задачи (всего {count}):',
    headingWithStatus: 'Последние задачи со статусом «{status}» (всего {count}):',
    none: 'У вас нет задач.',
    noneWithStatus: 'Нет задач со статусом «{status}».',
    more: '…и ещё {count} в разделе «ИИ-задачи».',
    badStatus: 'Неизвестный статус «{value}». Используйте pending, in_progress или completed.',
  },
  statuses: { pending: 'ожидает', in_progress: 'в работе', completed: 'выполнена' },
  priorities: { high: 'высокий', medium: 'средний', low: 'низкий' },
  search: {
    usage: 'Укажите, что искать: /search <запрос>',
    emptyKnowledgeBase:
      'В базе знаний пока нет обработанных документов. Добавьте материалы на странице «Знания».',
    noMatch: 'В базе знаний ничего не найдено по запросу «{query}».',
    heading: 'Фрагменты по запросу «{query}»:',
  },
  draft: {
    usage: 'Укажите задачу: /draft <#номер или слова из названия>',
    notFound: 'Ни одна задача не подходит под «{query}». Список — /tasks.',
    ambiguous: 'Под «{query}» подходят несколько задач; укажите #номер:',
    heading: 'Быстрый черновик для «{title}»:',
    saved: 'Сохранён в черновиках задачи; откройте её в разделе «Ассистент», чтобы отправить.',
  },
  unknownCommand: 'Неизвестная команда /{name}. Список команд — /help.',
  offlineConversation:
    'Я работаю на офлайн-движке: он пишет по шаблонам и не умеет вести разговор. Добавьте языковую модель в Настройки → ИИ-модели, чтобы поговорить со мной. Команды работают и так: введите /help.',
  sources: 'Из вашей базы знаний: {titles}',
};

const fr: AgentTexts = {
  help: {
    title: 'Commandes :',
    commands: {
      help: '/help — lister ces commandes',
      status: '/status — modèle, jetons utilisés ce mois-ci, tâches en attente, messageries connectées',
      tasks: '/tasks [statut] — vos dernières tâches ; statut : pending, in_progress ou completed',
      search: '/search <requête> — chercher dans votre base de connaissances',
      draft:
        '/draft <tâche> — rédiger un brouillon rapide : son #numéro dans /tasks ou des mots de son titre',
      clear: '/clear — supprimer cette conversation',
    },
    footer: 'Tout le reste est une conversation avec votre jumeau.',
  },
  status: {
    model: 'Modèle : {model} — {state}',
    offlineEngine: 'moteur hors ligne (rédige à partir de modèles ; aucun modèle de langage configuré)',
    online: 'en ligne',
    offline: 'hors ligne : {error}',
    tokens: 'Jetons ce mois-ci : {used} sur {quota}',
    pendingTasks: 'Tâches en attente : {count}',
    messengers: 'Messageries connectées : {list}',
    noMessengers: 'aucune',
  },
  tasks: {
    heading: 'Dernières tâches ({count} au total) :',
    headingWithStatus: 'Dernières tâches « {status} » ({count} au total) :',
    none: 'Vous n’avez aucune tâche.',
    noneWithStatus: 'Aucune tâche « {status} ».',
    more: '…et {count} de plus dans Tâches IA.',
    badStatus: 'Statut inconnu « {value} ». Utilisez pending, in_progress ou completed.',
  },
  statuses: { pending: 'en attente', in_progress: 'en cours', completed: 'terminée' },
  priorities: { high: 'haute', medium: 'moyenne', low: 'basse' },
  search: {
    usage: 'Indiquez quoi chercher : /search <requête>',
    emptyKnowledgeBase:
      'Votre base de connaissances n’a encore aucun document traité. Ajoutez des contenus dans Connaissances.',
    noMatch: 'Rien dans votre base de connaissances ne correspond à « {query} ».',
    heading: 'Passages correspondant à « {query} » :',
  },
  draft: {
    usage: 'Indiquez la tâche : /draft <#numéro ou mots de son titre>',
    notFound: 'Aucune tâche ne correspond à « {query} ». /tasks les liste.',
    ambiguous: 'Plusieurs tâches correspondent à « {query} » ; utilisez son #numéro :',
    heading: 'Brouillon rapide pour « {title} » :',
    saved: 'Enregistré dans les brouillons de la tâche ; ouvrez-la dans Assistant IA pour l’envoyer.',
  },
  unknownCommand: 'Commande inconnue /{name}. Tapez /help pour la liste.',
  offlineConversation:
    'Je fonctionne avec le moteur hors ligne, qui rédige à partir de modèles et ne peut pas tenir une conversation. Ajoutez un modèle de langage dans Paramètres → Modèles d’IA pour discuter avec moi. Les commandes fonctionnent en attendant : tapez /help.',
  sources: 'Depuis votre base de connaissances : {titles}',
};

const es: AgentTexts = {
  help: {
    title: 'Comandos:',
    commands: {
      help: '/help — lista estos comandos',
      status: '/status — modelo, tokens usados este mes, tareas pendientes, mensajeros conectados',
      tasks: '/tasks [estado] — tus últimas tareas; estado: pending, in_progress o completed',
      search: '/search <consulta> — busca en tu base de conocimiento',
      draft: '/draft <tarea> — escribe un borrador rápido: su #número de /tasks o palabras de su título',
      clear: '/clear — borra esta conversación',
    },
    footer: 'Todo lo demás es una conversación con tu gemelo.',
  },
  status: {
    model: 'Modelo: {model} — {state}',
    offlineEngine: 'motor sin conexión (escribe con plantillas; no hay modelo de lenguaje configurado)',
    online: 'en línea',
    offline: 'sin conexión: {error}',
    tokens: 'Tokens este mes: {used} de {quota}',
    pendingTasks: 'Tareas pendientes: {count}',
    messengers: 'Mensajeros conectados: {list}',
    noMessengers: 'ninguno',
  },
  tasks: {
    heading: 'Últimas tareas ({count} en total):',
    headingWithStatus: 'Últimas tareas «{status}» ({count} en total):',
    none: 'No tienes tareas.',
    noneWithStatus: 'No tienes tareas «{status}».',
    more: '…y {count} más en Tareas de IA.',
    badStatus: 'Estado desconocido «{value}». Usa pending, in_progress o completed.',
  },
  statuses: { pending: 'pendiente', in_progress: 'en curso', completed: 'completada' },
  priorities: { high: 'alta', medium: 'media', low: 'baja' },
  search: {
    usage: 'Di qué buscar: /search <consulta>',
    emptyKnowledgeBase:
      'Tu base de conocimiento aún no tiene documentos procesados. Añade material en la página Conocimiento.',
    noMatch: 'Nada en tu base de conocimiento coincide con «{query}».',
    heading: 'Fragmentos que coinciden con «{query}»:',
  },
  draft: {
    usage: 'Indica la tarea: /draft <#número o palabras de su título>',
    notFound: 'Ninguna tarea coincide con «{query}». /tasks las lista.',
    ambiguous: 'Varias tareas coinciden con «{query}»; usa su #número:',
    heading: 'Borrador rápido para «{title}»:',
    saved: 'Guardado en los borradores de la tarea; ábrela en Asistente para enviarlo.',
  },
  unknownCommand: 'Comando desconocido /{name}. Escribe /help para ver la lista.',
  offlineConversation:
    'Funciono con el motor sin conexión, que escribe con plantillas y no puede mantener una conversación. Añade un modelo de lenguaje en Configuración → Modelos de IA para hablar conmigo. Mientras tanto, los comandos funcionan: escribe /help.',
  sources: 'De tu base de conocimiento: {titles}',
};

const de: AgentTexts = {
  help: {
    title: 'Befehle:',
    commands: {
      help: '/help — diese Befehle auflisten',
      status: '/status — Modell, Tokens in diesem Monat, offene Aufgaben, verbundene Messenger',
      tasks: '/tasks [Status] — deine neuesten Aufgaben; Status: pending, in_progress oder completed',
      search: '/search <Suchbegriff> — deine Wissensbasis durchsuchen',
      draft:
        '/draft <Aufgabe> — einen kurzen Entwurf schreiben: ihre #Nummer aus /tasks oder Wörter aus dem Titel',
      clear: '/clear — dieses Gespräch löschen',
    },
    footer: 'Alles andere ist ein Gespräch mit deinem Zwilling.',
  },
  status: {
    model: 'Modell: {model} — {state}',
    offlineEngine: 'Offline-Engine (schreibt aus Vorlagen; kein Sprachmodell eingerichtet)',
    online: 'online',
    offline: 'offline: {error}',
    tokens: 'Tokens in diesem Monat: {used} von {quota}',
    pendingTasks: 'Offene Aufgaben: {count}',
    messengers: 'Verbundene Messenger: {list}',
    noMessengers: 'keine',
  },
  tasks: {
    heading: 'Neueste Aufgaben ({count} insgesamt):',
    headingWithStatus: 'Neueste Aufgaben „{status}“ ({count} insgesamt):',
    none: 'Du hast keine Aufgaben.',
    noneWithStatus: 'Du hast keine Aufgaben „{status}“.',
    more: '…und {count} weitere unter KI-Aufgaben.',
    badStatus: 'Unbekannter Status „{value}“. Verwende pending, in_progress oder completed.',
  },
  statuses: { pending: 'offen', in_progress: 'in Arbeit', completed: 'erledigt' },
  priorities: { high: 'hoch', medium: 'mittel', low: 'niedrig' },
  search: {
    usage: 'Sag, wonach du suchst: /search <Suchbegriff>',
    emptyKnowledgeBase:
      'Deine Wissensbasis hat noch keine verarbeiteten Dokumente. Füge Material auf der Seite „Wissen“ hinzu.',
    noMatch: 'Nichts in deiner Wissensbasis passt zu „{query}“.',
    heading: 'Abschnitte zu „{query}“:',
  },
  draft: {
    usage: 'Nenne die Aufgabe: /draft <#Nummer oder Wörter aus dem Titel>',
    notFound: 'Keine Aufgabe passt zu „{query}“. /tasks listet sie auf.',
    ambiguous: 'Mehrere Aufgaben passen zu „{query}“; nimm ihre #Nummer:',
    heading: 'Kurzer Entwurf für „{title}“:',
    saved: 'In den Entwürfen der Aufgabe gespeichert; öffne sie im Assistent, um ihn zu senden.',
  },
  unknownCommand: 'Unbekannter Befehl /{name}. Tippe /help für die Liste.',
  offlineConversation:
    'Ich laufe auf der Offline-Engine, die aus Vorlagen schreibt und kein Gespräch führen kann. Richte in Einstellungen → KI-Modelle ein Sprachmodell ein, um mit mir zu sprechen. Die Befehle funktionieren trotzdem: tippe /help.',
  sources: 'Aus deiner Wissensbasis: {titles}',
};

/** Typed as a full record so a missing language fails the type check. */
const agentTexts: Record<InterfaceLanguage, AgentTexts> = { en, ru, fr, es, de };

export function textsFor(language: InterfaceLanguage): AgentTexts {
  return agentTexts[language];
}

/** Fills `{name}` slots; an unknown slot stays as written so a mistake is visible. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot,
  );
}
