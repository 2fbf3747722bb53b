import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { intlLocale, languageName } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** ISO 639 "undetermined": no language is known. */
export const UNKNOWN_LANGUAGE = 'und';

/**
 * A language as a small badge with its code ("IT") — drawn text, not an emoji flag, which
 * Windows and many Linux systems show as empty boxes, and a language is not a country anyway.
 * Screen readers hear the language's name in the interface language; 'und' shows a globe.
 */
export function LanguageBadge({ code, className }: { code: string; className?: string }) {
  const { t, i18n } = useTranslation('common');
  const unknown = code === UNKNOWN_LANGUAGE;
  const label = unknown
    ? t('language.unknown')
    : t('language.named', { language: languageName(code, intlLocale(i18n.language)) });
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex h-4 min-w-6 shrink-0 items-center justify-center rounded border bg-muted px-1 font-mono text-[0.625rem] leading-none font-semibold text-muted-foreground',
        className,
      )}
    >
      {unknown ? <Globe className="size-3" aria-hidden="true" /> : code.toUpperCase()}
    </span>
  );
}
