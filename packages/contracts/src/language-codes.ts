// Kept free of zod, like error-codes.ts: the web app's first download reads these constants.

/** Interface languages with a dictionary. The dictionary layer defaults to ru. */
export const interfaceLanguages = ['ru', 'en', 'fr', 'es', 'de'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];
export const DICTIONARY_DEFAULT_LANGUAGE: InterfaceLanguage = 'ru';
/** The /auth toggle EN/RU defaults to English. */
export const AUTH_TOGGLE_DEFAULT_LANGUAGE: InterfaceLanguage = 'en';

/** Language the twin answers in: automatic (the contact's language), Russian or English. */
export const responseLanguages = ['auto', 'ru', 'en'] as const;
export type ResponseLanguage = (typeof responseLanguages)[number];
