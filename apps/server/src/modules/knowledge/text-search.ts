/** PostgreSQL text-search configurations for the languages we stem; others use 'simple'. */
const CONFIGS: Record<string, string> = {
  en: 'english',
  ru: 'russian',
  fr: 'french',
  es: 'spanish',
  de: 'german',
};

export const SEARCH_CONFIGS = ['english', 'russian', 'french', 'spanish', 'german', 'simple'] as const;

/** The configuration a document's passages are indexed with: its language's, else 'simple'. */
export function searchConfig(language: string | null | undefined): string {
  return (language && CONFIGS[language.slice(0, 2).toLowerCase()]) || 'simple';
}
