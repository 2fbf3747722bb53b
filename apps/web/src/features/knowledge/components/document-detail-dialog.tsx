import { uploadableDocumentTypes, type KnowledgeDocument } from '@doppel/contracts';
import { ExternalLink, FileUp, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useDeleteDocument, useDocument, useRetryDocument } from '../api/knowledge-api';
import { formatFullDate } from '@/lib/dates';
import { formatCount, formatMegabytes, formatPercent } from '../utils/format';
import { ACCEPT_ATTRIBUTE } from '../utils/upload-files';
import { DocumentIcon } from './document-icon';
import { FailedNotice, isProcessing, ProcessingProgress, StatusBadge } from './document-status';
import { TopicChips } from './topic-chips';
import { useDocumentLabels } from './use-document-labels';

/**
 * The document detail modal: what the twin knows from it, how it is used, and delete. Opened from
 * a draft's "Why this draft", it shows first the passage the draft cited, marked in the preview.
 */
export function DocumentDetailDialog({
  id,
  passage = null,
  onClose,
}: {
  id: string;
  passage?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent closeLabel={t('detail.close')} className="md:max-w-2xl">
        <DocumentDetail id={id} passage={passage} onDeleted={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function DocumentDetail({
  id,
  passage,
  onDeleted,
}: {
  id: string;
  passage: string | null;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('knowledge');
  const document = useDocument(id);
  if (document.data)
    return <LoadedDocument document={document.data} passage={passage} onDeleted={onDeleted} />;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('detail.title')}</DialogTitle>
        <DialogDescription className="sr-only">{t('detail.loading')}</DialogDescription>
      </DialogHeader>
      <div className="px-5 py-4">
        {document.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">{t('detail.loading')}</span>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : isApiError(document.error) && document.error.code === 'not_found' ? (
          <Notice variant="neutral">{t('detail.notFound')}</Notice>
        ) : (
          <ErrorState
            message={errorMessage(document.error, t('errors.loadOne'))}
            onRetry={() => void document.refetch()}
            retrying={document.isFetching}
          />
        )}
      </div>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Figures({ label, items }: { label: string; items: Array<{ label: string; value: string }> }) {
  return (
    <Section title={label}>
      <dl aria-label={label} className="grid grid-cols-3 gap-3">
        {items.map((item) => (
          <div key={item.label} className="grid gap-0.5 rounded-lg border bg-subtle px-3 py-2">
            <dt className="text-xs text-muted-foreground">{item.label}</dt>
            <dd className="font-semibold tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/**
 * The preview with the cited passage marked, when the preview holds it: a snippet is a shortened
 * passage, so it is looked for without its ellipses and with its spaces as any white space.
 */
function previewWithPassage(preview: string, passage: string | null): ReactNode {
  const words = (passage ?? '').replace(/…/gu, ' ').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return preview;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  const found = new RegExp(escaped.join('\\s+'), 'u').exec(preview);
  if (!found) return preview;
  return (
    <>
      {preview.slice(0, found.index)}
      <mark
        ref={(element) => element?.scrollIntoView?.({ block: 'center' })}
        className="rounded-sm bg-warning-soft text-warning-soft-foreground"
      >
        {found[0]}
      </mark>
      {preview.slice(found.index + found[0].length)}
    </>
  );
}

function LoadedDocument({
  document,
  passage,
  onDeleted,
}: {
  document: KnowledgeDocument;
  passage: string | null;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation('knowledge');
  const language = i18n.language;
  const labels = useDocumentLabels();
  const remove = useDeleteDocument();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const processed = document.status === 'processed';
  const notYet = <p className="text-sm text-muted-foreground">{t('detail.notYet')}</p>;

  const deleteDocument = async () => {
    try {
      await remove.mutateAsync(document.id);
    } catch {
      return; // Toasted by the mutation; the dialog stays for another try.
    }
    setConfirmingDelete(false);
    onDeleted();
  };

  return (
    <>
      <DialogHeader>
        <div className="flex items-start gap-3">
          <DocumentIcon type={document.type} />
          <div className="grid min-w-0 gap-1">
            <DialogTitle className="break-words">{document.name}</DialogTitle>
            <DialogDescription>
              {labels.category(document.category)} · {labels.type(document.type)}
            </DialogDescription>
          </div>
        </div>
      </DialogHeader>

      <div className="grid min-h-0 flex-1 content-start gap-5 overflow-y-auto px-5 py-4">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={document.status} />
          {document.isSample ? <Badge variant="outline">{t('document.sample')}</Badge> : null}
        </div>
        {isProcessing(document.status) ? <ProcessingProgress /> : null}
        {document.status === 'error' ? (
          <div className="grid gap-2">
            <FailedNotice document={document} />
            {(uploadableDocumentTypes as readonly string[]).includes(document.type) ? (
              <ReplaceFile id={document.id} />
            ) : null}
          </div>
        ) : null}
        {document.description ? <p className="text-sm break-words">{document.description}</p> : null}
        {passage ? (
          <Section title={t('detail.citedPassage')}>
            <blockquote className="border-l-2 border-primary pl-3 text-sm break-words whitespace-pre-wrap">
              {passage}
            </blockquote>
          </Section>
        ) : null}

        <Section title={t('detail.summary')}>
          {document.summary ? <p className="text-sm break-words">{document.summary}</p> : notYet}
        </Section>
        <Section title={t('detail.topics')}>
          {document.keyTopics.length > 0 ? <TopicChips topics={document.keyTopics} /> : notYet}
        </Section>
        <Section title={t('detail.contentPreview')}>
          {document.contentPreview ? (
            <div
              tabIndex={0}
              aria-label={t('detail.contentPreview')}
              className="max-h-64 overflow-y-auto rounded-md border bg-subtle p-3 text-sm break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
            >
              {previewWithPassage(document.contentPreview, passage)}
            </div>
          ) : (
            notYet
          )}
        </Section>
        {document.url ? (
          <Section title={t('detail.source')}>
            <a
              href={document.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm break-all text-primary underline-offset-4 hover:underline"
            >
              {document.url}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('detail.opensInNewTab')}</span>
            </a>
          </Section>
        ) : null}

        <Figures
          label={t('detail.usage')}
          items={[
            { label: t('detail.requests'), value: formatCount(document.usageStats.requests, language) },
            {
              label: t('detail.relevance'),
              value: formatPercent(Math.round(document.usageStats.relevance * 100), language),
            },
            { label: t('detail.connections'), value: formatCount(document.usageStats.connections, language) },
          ]}
        />
        <Figures
          label={t('detail.about')}
          items={[
            { label: t('detail.size'), value: formatMegabytes(document.size, language) },
            { label: t('detail.added'), value: formatFullDate(document.uploadDate, language) },
            {
              label: t('detail.quality'),
              value: processed ? formatPercent(document.quality, language) : '—',
            },
          ]}
        />
      </div>

      <div className="flex justify-end gap-2 border-t px-5 py-3">
        <Button variant="outline" onClick={() => setConfirmingDelete(true)}>
          <Trash2 aria-hidden="true" />
          {t('detail.delete')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        pending={remove.isPending}
        title={t('delete.title')}
        description={t('delete.description', { name: document.name })}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        onConfirm={() => void deleteDocument()}
      />
    </>
  );
}

/** For a failed upload: send a corrected file in place of the original and process it again. */
function ReplaceFile({ id }: { id: string }) {
  const { t } = useTranslation('knowledge');
  const retry = useRetryDocument();
  return (
    <label
      aria-busy={retry.isPending || undefined}
      className={cn(
        buttonVariants({ variant: 'outline', size: 'sm' }),
        'cursor-pointer justify-self-start has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
        retry.isPending && 'pointer-events-none opacity-50',
      )}
    >
      <FileUp aria-hidden="true" />
      {t('detail.replaceFile')}
      <input
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={retry.isPending}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) retry.mutate({ id, file });
        }}
      />
    </label>
  );
}
