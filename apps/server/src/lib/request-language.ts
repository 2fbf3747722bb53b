import { interfaceLanguageSchema, type InterfaceLanguage } from '@doppel/contracts';

/**
 * The first interface language named in an Accept-Language header. The web app sends its
 * current interface language there, so a new account starts in the language it signed up in.
 */
export function languageFromHeader(header: string | undefined): InterfaceLanguage | undefined {
  for (const part of (header ?? '').split(',')) {
    const primary = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    const parsed = interfaceLanguageSchema.safeParse(primary);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}
