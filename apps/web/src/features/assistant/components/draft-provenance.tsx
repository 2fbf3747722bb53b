import type { DraftProvenance, KnowledgeSource } from '@doppel/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale, languageName } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { passageHref } from './knowledge-sources';

/**
 * "Why this draft" (issue 20, decision 037), under a generated draft: who wrote it (the offline
 * engine, or the model and its temperature), the persona and the fields of it used, the
 * knowledge passages cited (each opens its document), the user's own changes it learned from,
 * and why it is in its language. A disclosure: a button that shows and hides the details.
 */
export function DraftProvenancePanel({
  provenance,
  sources,
}: {
  provenance: DraftProvenance;
  sources: KnowledgeSource[];
}) {
  const { t, i18n } = useTranslation('assistant');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const locale = intlLocale(i18n.language);
  const list = (items: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  const language = (code: string) => languageName(code, locale, { atStart: true });
  const temperature = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const { persona, examples, habits } = provenance;

  return (
    <div className="grid gap-2 text-xs">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="inline-flex items-center gap-1 justify-self-start rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <ChevronDown
          className={cn('size-3.5 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
        {t('provenance.toggle')}
      </button>
      <dl id={panelId} hidden={!open} className="grid gap-2 rounded-md border bg-subtle px-3 py-2">
        <Entry label={t('provenance.engineLabel')}>
          {provenance.engine === 'model'
            ? t('provenance.model', {
                model: provenance.model ?? '',
                temperature:
                  provenance.temperature === null ? '—' : temperature.format(provenance.temperature),
              })
            : t('provenance.offline')}
        </Entry>
        <Entry label={t('provenance.personaLabel')}>
          {persona
            ? persona.fields.length > 0
              ? t('provenance.personaFields', {
                  name: persona.name,
                  fields: list(persona.fields.map((field) => t(`provenance.fields.${field}`))),
                })
              : persona.name
            : t('provenance.noPersona')}
        </Entry>
        <Entry label={t('provenance.sourcesLabel')}>
          {sources.length > 0 ? (
            <ul className="grid gap-1">
              {sources.map((source) => (
                <li key={source.documentId}>
                  <Link
                    to={passageHref(source)}
                    className="font-medium text-primary underline underline-offset-2"
                  >
                    {source.title}
                  </Link>
                  <span className="text-muted-foreground"> — {source.snippet}</span>
                </li>
              ))}
            </ul>
          ) : (
            t('provenance.noSources')
          )}
        </Entry>
        <Entry label={t('provenance.examplesLabel')}>
          {examples.length > 0 ? (
            <div className="grid gap-1">
              {habits.length > 0 ? (
                <p>
                  {t('provenance.habitsApplied', {
                    habits: list(habits.map((habit) => t(`provenance.habits.${habit}`))),
                  })}
                </p>
              ) : null}
              <ul className="grid gap-1">
                {examples.map((example) => (
                  <li key={example.id} className="grid gap-0.5 rounded border bg-background px-2 py-1">
                    <span className="text-muted-foreground">
                      {t('provenance.exampleDraft')}:{' '}
                      <span className="whitespace-pre-line">{example.draft}</span>
                    </span>
                    <span>
                      {t('provenance.exampleSent')}:{' '}
                      <span className="whitespace-pre-line">{example.sent}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            t('provenance.noExamples')
          )}
        </Entry>
        <Entry label={t('provenance.languageLabel')}>
          {t(`provenance.reasons.${provenance.language.reason}`, {
            language: language(provenance.language.code),
            from: provenance.language.from ? language(provenance.language.from) : '',
          })}
        </Entry>
      </dl>
    </div>
  );
}

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="font-medium">{label}</dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  );
}
