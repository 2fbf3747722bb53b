import type { InterfaceLanguage } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, setInterfaceLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** The sign-in page offers English and Russian; settings offer all five. */
const TOGGLE_LANGUAGES: InterfaceLanguage[] = ['en', 'ru'];

export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('language.interface')}
      className="inline-flex rounded-lg border bg-card p-0.5"
    >
      {TOGGLE_LANGUAGES.map((language) => {
        const active = i18n.resolvedLanguage === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            title={LANGUAGE_NATIVE_NAMES[language]}
            aria-pressed={active}
            onClick={() => void setInterfaceLanguage(language)}
            className={cn(
              'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2.5 text-xs font-semibold tracking-wide md:min-h-8 md:min-w-10',
              active
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            {language.toUpperCase()}
          </button>
        );
      })}
    </div>
  );
}
