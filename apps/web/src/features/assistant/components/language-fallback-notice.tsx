import type { Task } from '@doppel/contracts';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { intlLocale, languageName } from '@/lib/i18n';

/**
 * Says why the task is answered in English: the contact writes in a language Doppel cannot write
 * yet (the server's languageFallback), named in the interface language.
 */
export function LanguageFallbackNotice({ task }: { task: Task }) {
  const { t, i18n } = useTranslation('assistant');
  const fallback = task.context.languageFallback;
  if (!fallback) return null;
  const language = languageName(fallback.detected, intlLocale(i18n.language));
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border bg-info-soft px-3 py-2 text-sm text-info-soft-foreground"
    >
      <Languages className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t('detail.languageFallback', { language })}
    </p>
  );
}
