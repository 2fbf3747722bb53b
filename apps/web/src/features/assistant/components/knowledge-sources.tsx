import type { KnowledgeSource } from '@doppel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a cited passage is read: its document, opened at the passage (Knowledge page). */
export function passageHref(source: KnowledgeSource): string {
  return `/documents?${new URLSearchParams({ document: source.documentId, passage: source.snippet }).toString()}`;
}

/** The knowledge-base passages an analysis or a generated draft drew on, cited under it. */
export function KnowledgeSources({ sources }: { sources: KnowledgeSource[] }) {
  const { t } = useTranslation('assistant');
  const headingId = useId();
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-1 rounded-md border bg-subtle px-3 py-2 text-xs">
      <h4 id={headingId} className="font-medium">
        {t('drafts.sources')}
      </h4>
      <ul className="grid gap-1">
        {sources.map((source) => (
          <li key={source.documentId}>
            <Link to={passageHref(source)} className="font-medium text-primary underline underline-offset-2">
              {source.title}
            </Link>
            <span className="text-muted-foreground"> — {source.snippet}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
