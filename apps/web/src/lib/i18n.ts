import { AUTH_TOGGLE_DEFAULT_LANGUAGE, interfaceLanguages, type InterfaceLanguage } from '@doppel/contracts';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_STORAGE_KEY = 'doppel.language';
export const NAMESPACES = [
  'common',
  'auth',
  'shell',
  'settings',
  'errors',
  'errorReasons',
  'tasks',
  'assistant',
  'tasksBoard',
  'personas',
  'agent',
  'knowledge',
  'messengers',
  'apiKeys',
  'mcpServers',
  'campaigns',
  'campaignDetail',
  'signals',
  'unsubscribe',
  'billing',
  'instance',
  'notifications',
  'security',
  'shortcuts',
  'contacts',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/**
 * Dictionaries the server writes from (apps/server/src/lib/translations.ts): `twin`, the offline
 * engine's analysis and the task titles of signals and campaigns; `demo`, the demo sandbox's
 * sample data. They live here with the others, so their completeness is checked the same way, but
 * the web app never loads them.
 */
export const SERVER_NAMESPACES = ['twin', 'demo'] as const;

/** Each language named in itself; the same in every dictionary, so kept out of them. */
export const LANGUAGE_NATIVE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'English',
  ru: 'Русский',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
};

type LanguageBundle = Record<string, ResourceKey>;
/** Namespaces of one screen, fetched with that screen so the shell's first load stays small. */
const SCREEN_NAMESPACES = [
  'personas',
  'agent',
  'knowledge',
  'messengers',
  'apiKeys',
  'mcpServers',
  'unsubscribe',
  'contacts',
] as const;
/**
 * Screens whose namespaces share one chunk: namespace → the chunk's name. Sharing keeps the
 * loader table in the first download small (each chunk adds one entry per language there).
 */
const SHARED_SCREEN_PARTS = { campaigns: 'growth', campaignDetail: 'growth', signals: 'growth' } as const;
type BundlePart =
  | 'public'
  | 'app'
  | (typeof SCREEN_NAMESPACES)[number]
  | (typeof SHARED_SCREEN_PARTS)[keyof typeof SHARED_SCREEN_PARTS];

/** Namespaces of the public pages; the rest (shell, settings, tasks…) load with the app shell. */
const PUBLIC_NAMESPACES: readonly Namespace[] = ['common', 'auth', 'errors'];
// The words for the server's error reasons: every one comes from a signed-in screen, so they
// load with the app, not with /auth (decision 039).
const APP_NAMESPACES: readonly Namespace[] = [
  'shell',
  'settings',
  'tasks',
  'assistant',
  'tasksBoard',
  'errorReasons',
  'billing',
  'instance',
  'notifications',
  'security',
  'shortcuts',
];

const bundleLoaders = import.meta.glob<LanguageBundle>(
  '../locales/*/{public,app,personas,agent,knowledge,messengers,apiKeys,mcpServers,growth,unsubscribe,contacts}.ts',
  {
    import: 'default',
  },
);
const bundles = new Map<string, Promise<LanguageBundle>>();

function loadBundle(language: string, part: BundlePart): Promise<LanguageBundle> {
  const key = `../locales/${language}/${part}.ts`;
  let bundle = bundles.get(key);
  if (!bundle) {
    const loader = bundleLoaders[key];
    bundle = loader ? loader() : Promise.reject(new Error(`No dictionary for language "${language}"`));
    bundles.set(key, bundle);
    // A failed chunk load (flaky network) may be retried on the next language change.
    bundle.catch(() => bundles.delete(key));
  }
  return bundle;
}

/**
 * Loads dictionaries lazily, one chunk per language and part, so /auth fetches neither other
 * languages nor the app's texts.
 */
const lazyDictionaries: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const screen =
      SCREEN_NAMESPACES.find((name) => name === namespace) ??
      SHARED_SCREEN_PARTS[namespace as keyof typeof SHARED_SCREEN_PARTS];
    const part: BundlePart =
      screen ?? ((PUBLIC_NAMESPACES as readonly string[]).includes(namespace) ? 'public' : 'app');
    loadBundle(language, part).then(
      (bundle) => callback(null, bundle[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Fetches the signed-in app's texts ahead of the shell that needs them. */
export function preloadAppDictionaries(): Promise<unknown> {
  // The chunk is asked for at once, even before i18next has its language (i18next loads
  // nothing before its init): its own load then reads this promise.
  void loadBundle(
    isInterfaceLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : initialLanguage(),
    'app',
  ).catch(() => undefined);
  // Once i18next has started, the namespaces are marked loaded before the shell renders, so it
  // does not suspend on them.
  return (initialized ?? Promise.resolve()).then(() => i18n.loadNamespaces([...APP_NAMESPACES]));
}

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (interfaceLanguages as readonly string[]).includes(value);
}

function readStoredLanguage(): InterfaceLanguage | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isInterfaceLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language chosen on this device before, else English (the sign-in toggle's default). */
export function initialLanguage(): InterfaceLanguage {
  return readStoredLanguage() ?? AUTH_TOGGLE_DEFAULT_LANGUAGE;
}

/** The first of the browser's preferred languages the interface speaks, if any. */
export function browserLanguage(): InterfaceLanguage | null {
  if (typeof navigator === 'undefined') return null;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isInterfaceLanguage(base)) return base;
  }
  return null;
}

/**
 * The language of a page opened by someone who is not a user, such as the recipient of a
 * campaign email: the one chosen on this device, else the browser's, else English.
 */
export function visitorLanguage(): InterfaceLanguage {
  return readStoredLanguage() ?? browserLanguage() ?? AUTH_TOGGLE_DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

let initialized: Promise<unknown> | null = null;

/** Starts i18next once; resolves when the first language's dictionaries are loaded. */
export function initI18n(language: InterfaceLanguage = initialLanguage()): Promise<unknown> {
  initialized ??= i18n
    .use(lazyDictionaries)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...interfaceLanguages],
      load: 'currentOnly',
      ns: [...PUBLIC_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      react: { useSuspense: true },
    });
  return initialized;
}

/** The interface language in effect, narrowed to the supported ones. */
export function currentLanguage(): InterfaceLanguage {
  return isInterfaceLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : AUTH_TOGGLE_DEFAULT_LANGUAGE;
}

/** Switches the interface language now and remembers it on this device. */
export async function setInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be disabled; the switch still applies to this page.
  }
  // Switching before the first dictionaries arrive would race i18next's own start-up.
  if (initialized) await initialized;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Locale for Intl formatting: Russian dates use ru-RU as the spec asks, others the language itself. */
export function intlLocale(language: string = currentLanguage()): string {
  return language === 'ru' ? 'ru-RU' : language;
}

/**
 * A language's name in `locale` from the browser's own list (Intl.DisplayNames), so every
 * language has one; its code when the browser has none. In a sentence it is written as the
 * language writes it there («итальянский», "Italian"); `atStart` capitalises it for the start of
 * a line or label («Итальянский: язык сообщения»).
 */
export function languageName(code: string, locale: string, { atStart = false } = {}): string {
  let name: string;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code.toUpperCase();
  }
  if (name === code) return atStart ? code.toUpperCase() : code;
  return atStart ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : name;
}
