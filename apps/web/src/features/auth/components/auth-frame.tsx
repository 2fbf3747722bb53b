import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { LanguageToggle } from './language-toggle';

/** The public pages' frame: logo, language toggle, one centred card. */
export function AuthFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex min-h-dvh flex-col bg-subtle">
      <header className="flex items-center justify-between gap-4 px-4 py-3 md:px-8 md:py-5">
        <Logo />
        <LanguageToggle />
      </header>
      <main
        id="main-content"
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 md:items-center md:pt-0"
      >
        <div className="w-full max-w-md">
          <div className="rounded-2xl border bg-card p-5 shadow-sm md:p-8">
            <div className="mb-6 grid gap-1.5">
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
            </div>
            {children}
          </div>
          <p className="mt-6 text-center text-xs text-muted-foreground">{t('footer')}</p>
        </div>
      </main>
    </div>
  );
}
