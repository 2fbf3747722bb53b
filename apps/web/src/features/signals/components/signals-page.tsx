import { ArrowLeft, Info, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignalSources } from '../api/signals-api';
import { AddSourceDialog } from './add-source-dialog';
import { JobChangesDialog, type JobChangesTab } from './job-changes-dialog';
import { JobChangesSection } from './job-changes-section';
import { SourceList } from './source-list';

/**
 * /signals (reached from the Assistant): the sources that make proactive tasks — news feeds,
 * subreddits, the content plan — with their state and actions, and the job changes typed in or
 * imported. Demo mode shows sample sources and polls nothing.
 */
export function SignalsPage() {
  const { t } = useTranslation('signals');
  useDocumentTitle(t('title'));
  const sources = useSignalSources();
  const sourcesHeadingId = useId();
  const sourcesHeading = useRef<HTMLHeadingElement>(null);
  const pollingOffNoteId = useId();
  const [adding, setAdding] = useState(false);
  const [jobChanges, setJobChanges] = useState<{ open: boolean; tab: JobChangesTab }>({
    open: false,
    tab: 'manual',
  });
  const contentPlan = sources.data?.items.find((source) => source.kind === 'content_plan');
  const pollingOff = sources.data?.pollingEnabled === false;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 p-4 md:p-6 lg:p-8">
      <Button variant="ghost" size="sm" asChild className="-ml-2 self-start text-muted-foreground">
        <Link to="/actions">
          <ArrowLeft aria-hidden="true" />
          {t('back')}
        </Link>
      </Button>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="max-w-2xl text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setAdding(true)} className="w-full sm:w-auto">
          <Plus aria-hidden="true" />
          {t('addSource')}
        </Button>
      </header>

      {pollingOff ? (
        <Notice variant="info">
          <Info aria-hidden="true" />
          <p id={pollingOffNoteId}>{t('demo.pollingOff')}</p>
        </Notice>
      ) : null}

      <section aria-labelledby={sourcesHeadingId} className="grid gap-3">
        <h2
          id={sourcesHeadingId}
          ref={sourcesHeading}
          tabIndex={-1}
          className="rounded-sm text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t('list.title')}
        </h2>
        <div aria-busy={sources.isFetching}>
          <SourceList
            sources={sources}
            pollingOffNoteId={pollingOffNoteId}
            onAdd={() => setAdding(true)}
            onRemoved={() => sourcesHeading.current?.focus()}
          />
        </div>
      </section>

      <JobChangesSection onOpen={(tab) => setJobChanges({ open: true, tab })} />

      <AddSourceDialog open={adding} onOpenChange={setAdding} contentPlan={contentPlan} />
      <JobChangesDialog
        open={jobChanges.open}
        onOpenChange={(open) => setJobChanges((current) => ({ ...current, open }))}
        initialTab={jobChanges.tab}
      />
    </div>
  );
}
