import { interfaceLanguages } from '@doppel/contracts';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, SERVER_NAMESPACES } from './i18n';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** "en" → "common" → { "toast.errorTitle": "Error", … } */
function flatten(value: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into[prefix] = value;
  }
  return into;
}

const dictionaries = new Map<string, Record<string, unknown>>();
for (const [path, content] of Object.entries(files)) {
  const [, language, namespace] = /\.\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  const flat = flatten(content);
  const merged = dictionaries.get(language!) ?? {};
  for (const [key, text] of Object.entries(flat)) merged[`${namespace}:${key}`] = text;
  dictionaries.set(language!, merged);
}

/** i18next's plural suffixes: `summary_one`, `summary_few` … are forms of `summary`. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_FORM, '');

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort();
}

/**
 * Texts that are rightly the same as the English ones in that language — proper loanwords and
 * identical words, not untranslated copies. Each entry is "<language> <namespace:key>".
 */
const SAME_AS_ENGLISH = new Set([
  // The Contacts screen: words French, Spanish and German share with English.
  'fr contacts:title',
  'fr contacts:listLabel',
  'fr contacts:count_one',
  'fr contacts:count_other',
  'fr contacts:delete.messages_one',
  'fr contacts:delete.messages_other',
  'fr contacts:conversation.title',
  'fr contacts:persona.title',
  'fr contacts:notes.title',
  'fr shell:nav.contacts',
  'fr shell:areas.contacts.title',
  'es contacts:persona.title',
  'es contacts:row.persona',
  'de contacts:persona.title',
  'de contacts:row.persona',
  'de contacts:fields.name',
  // The twin's texts (the server writes from them): a marker and a line that hold no words,
  // and words French shares with English.
  'ru twin:markers.line',
  'es twin:markers.line',
  'de twin:markers.line',
  'ru twin:campaigns.descriptionRole',
  'es twin:campaigns.descriptionRole',
  'de twin:campaigns.descriptionRole',
  'fr twin:markers.urgent',
  'fr twin:analysis.message.conversation',
  // The demo sandbox's samples: a city's name, and words French shares with English.
  'fr demo:personas.founder.location',
  'de demo:personas.founder.location',
  'fr demo:personas.labels.humour',
  'fr demo:personas.labels.podcasts',
  'fr assistant:composer.communityLabel', // "Subreddit" is Reddit's own word in every language
  'es assistant:composer.communityLabel',
  'de assistant:composer.communityLabel',
  'fr shell:nav.highConcept', // "Personas" is the French marketing term too
  'fr shell:areas.highConcept.title',
  'de shell:nav.highConcept', // likewise in German
  'de shell:areas.highConcept.title',
  'de settings:profile.name', // "Name" is German
  'de settings:profile.status', // "Status" is German
  'es common:toast.errorTitle', // "Error" is Spanish
  'es settings:subscription.plan', // "Plan" is Spanish
  'fr settings:tabs.notifications', // "Notifications" is French
  'es common:units.tokens_one', // likewise "{{value}} token(s)"
  'es common:units.tokens_other',
  'fr agent:input.label', // "Message" is French
  'de agent:status.online', // "Online" and "Offline" are German
  'de agent:status.offline',
  'fr personas:title', // "Personas", as in the navigation
  'es personas:title',
  'de personas:title',
  'fr personas:status.active', // "Active" is French (feminine, for a persona)
  'fr personas:fields.description', // "Description" is French
  'de personas:fields.name', // "Name", "Position" and "Status" are German
  'de personas:fields.position',
  'de personas:fields.status',
  'es personas:domainType.personal', // "Personal", "Startup", "Universal" and "Variables" are Spanish
  'es personas:domainType.startup',
  'es personas:platform.universal',
  'es personas:templates.variables',
  'fr knowledge:stats.total', // "Total", "Documents", "Articles", "Document" and "Source" are French
  'fr knowledge:categories.documents',
  'fr knowledge:categories.articles',
  'fr knowledge:types.article',
  'fr knowledge:list.label',
  'fr knowledge:detail.title',
  'fr knowledge:detail.source',
  'es knowledge:stats.total', // "Total" and "Error" are Spanish
  'es knowledge:status.error',
  'de knowledge:categories.links', // "Links", "Link" and "Text" are German
  'de knowledge:types.link',
  'de knowledge:types.txt',
  'fr apiKeys:resources.contacts', // "Contacts", "Messages", "Service" and "Active" are French
  'fr apiKeys:resources.messages',
  'fr apiKeys:form.service',
  'fr apiKeys:status.active',
  'de apiKeys:key.limits', // "Limits" and "Name" are German
  'de apiKeys:form.name',
  // "{{resource}}: {{action}}" holds no words (French sets a space before the colon).
  'ru apiKeys:permission',
  'es apiKeys:permission',
  'de apiKeys:permission',
  // "{{date}}: {{tokens}}" holds no words, only the day and its tokens.
  'ru settings:tokens.chartBar',
  'de settings:tokens.chartBar',
  // "{{label}} ({{count}})" holds no words, only the label and the count.
  'ru assistant:mobile.option',
  'fr assistant:mobile.option',
  'es assistant:mobile.option',
  'de assistant:mobile.option',
]);

describe('dictionaries', () => {
  it('exist for every interface language and namespace, and for nothing else', () => {
    const expected = interfaceLanguages.flatMap((language) =>
      [...NAMESPACES, ...SERVER_NAMESPACES].map((namespace) => `../locales/${language}/${namespace}.json`),
    );
    expect(Object.keys(files).sort()).toEqual(expected.sort());
  });

  it('hold every key in every language, with every plural form the language has', () => {
    const allKeys = new Set(
      [...dictionaries.values()].flatMap((dictionary) => Object.keys(dictionary).map(baseKey)),
    );
    const pluralKeys = new Set(
      [...dictionaries.values()].flatMap((dictionary) =>
        Object.keys(dictionary)
          .filter((key) => PLURAL_FORM.test(key))
          .map(baseKey),
      ),
    );
    const missing: string[] = [];
    for (const language of interfaceLanguages) {
      const dictionary = dictionaries.get(language) ?? {};
      const present = new Set(Object.keys(dictionary).map(baseKey));
      for (const key of allKeys) if (!present.has(key)) missing.push(`${language} lacks ${key}`);
      // Russian needs one, few, many and other; English one and other (Intl.PluralRules).
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const key of pluralKeys) {
        for (const category of categories) {
          if (!(`${key}_${category}` in dictionary)) missing.push(`${language} lacks ${key}_${category}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('hold only non-empty texts', () => {
    const empty: string[] = [];
    for (const [language, dictionary] of dictionaries) {
      for (const [key, text] of Object.entries(dictionary)) {
        if (typeof text !== 'string' || text.trim() === '') empty.push(`${language} ${key}`);
      }
    }
    expect(empty).toEqual([]);
  });

  it('use the same {{variables}} in every language', () => {
    const english = dictionaries.get('en')!;
    const mismatches: string[] = [];
    for (const [language, dictionary] of dictionaries) {
      for (const [key, text] of Object.entries(dictionary)) {
        // A plural form is compared with English's "other" form of the same key.
        const reference = english[key] ?? english[`${baseKey(key)}_other`];
        if (typeof text !== 'string' || typeof reference !== 'string') continue;
        if (variables(text).join() !== variables(reference).join()) mismatches.push(`${language} ${key}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('are translated rather than copied from English', () => {
    const english = dictionaries.get('en')!;
    const copies: string[] = [];
    for (const [language, dictionary] of dictionaries) {
      if (language === 'en') continue;
      for (const [key, text] of Object.entries(dictionary)) {
        if (text === english[key] && !SAME_AS_ENGLISH.has(`${language} ${key}`))
          copies.push(`${language} ${key}: ${String(text)}`);
      }
    }
    expect(copies).toEqual([]);
  });

  it('say the spec’s English texts where it gives them', () => {
    const english = dictionaries.get('en')!;
    expect(english['auth:emailRequired']).toBe('Email is required');
    expect(english['auth:emailInvalid']).toBe('Please enter a valid email');
    expect(english['auth:nameRequired']).toBe('Name is required');
    expect(english['auth:signUp.success']).toBe(
      'Account created successfully! Please check your email for verification.',
    );
    expect(english['errors:unexpected']).toBe('An unexpected error occurred');
    expect(dictionaries.get('ru')!['auth:signInFailed']).toBe('Произошла ошибка при входе');
    expect(dictionaries.get('ru')!['auth:signUpFailed']).toBe('Произошла ошибка при регистрации');
    expect(dictionaries.get('ru')!['settings:profile.updateFailed']).toBe('Ошибка обновления профиля');
    const russian = dictionaries.get('ru')!;
    expect(russian['common:toast.successTitle']).toBe('Успешно');
    expect(russian['tasks:toast.created']).toBe('Задача создана');
    expect(russian['tasks:toast.deleted']).toBe('Задача удалена');
    expect(russian['tasks:toast.responsesSaved']).toBe('Ответы сохранены');
    expect(russian['tasks:toast.loadErrorTitle']).toBe('Ошибка загрузки');
    expect(russian['tasks:errors.send']).toBe('Ошибка отправки сообщения');
    expect(english['assistant:detail.unknownContact']).toBe('Unknown Contact');
    expect(english['assistant:composer.custom']).toBe('Write Custom Message');
    expect(english['assistant:list.errorTitle']).toBe('Error loading tasks');
    expect(english['assistant:list.empty']).toBe('No tasks available');
    expect(russian['messengers:toast.connectFailed']).toBe('Ошибка подключения мессенджера');
    expect(russian['messengers:toast.disconnectFailed']).toBe('Ошибка отключения мессенджера');
    expect(russian['messengers:toast.testFailed']).toBe('Соединение недоступно');
    expect(russian['messengers:toast.testError']).toBe('Ошибка тестирования соединения');
    expect(russian['messengers:toast.syncFailed']).toBe('Ошибка синхронизации сообщений');
    expect(english['messengers:dialog.connecting']).toBe('Connecting...');
    expect(english['errors:validation_failed']).toBe('Please fill in all required fields');
    expect(russian['apiKeys:form.errors.keyNameRequired']).toBe('Заполните название ключа');
    expect(russian['apiKeys:errors.create']).toBe('Ошибка создания API ключа');
    expect(russian['apiKeys:errors.update']).toBe('Ошибка обновления API ключа');
    expect(russian['apiKeys:errors.delete']).toBe('Ошибка удаления API ключа');
    expect(russian['apiKeys:errors.test']).toBe('Ошибка тестирования API ключа');
    expect(russian['apiKeys:errors.invalidKey']).toBe('Ключ недоступен или недействителен');
    expect(english['apiKeys:errors.create']).toBe('Failed to create API key');
    expect(english['apiKeys:errors.delete']).toBe('Failed to delete API key');
    expect(english['apiKeys:toast.created']).toBe('API key created');
    expect(english['apiKeys:toast.deleted']).toBe('API key deleted');
    expect(english['apiKeys:toast.copied']).toBe('Copied to clipboard');
  });
});
