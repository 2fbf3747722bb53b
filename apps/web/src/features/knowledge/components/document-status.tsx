import type { DocumentStatus, KnowledgeDocument } from '@doppel/contracts';
import { CircleAlert, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useRetryDocument } from '../api/knowledge-api';
import { formatPercent } from '../utils/format';

/** A document that is not processed yet shows this fixed progress. */
export const PROCESSING_PROGRESS = 65;

/** The list treats anything other than processed (and failed) as processing. */
export function isProcessing(status: DocumentStatus): boolean {
  return status === 'pending' || status === 'processing';
}

export function StatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('knowledge');
  if (status === 'processed') return <Badge variant="success">{t('status.processed')}</Badge>;
  if (status === 'error') return <Badge variant="danger">{t('status.error')}</Badge>;
  return <Badge variant="warning">{t('status.processing')}</Badge>;
}

/** "Processing" with a bar at the spec's fixed 65 %. */
export function ProcessingProgress() {
  const { t, i18n } = useTranslation('knowledge');
  const labelId = useId();
  const value = formatPercent(PROCESSING_PROGRESS, i18n.language);
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span id={labelId}>{t('document.processing')}</span>
        <span className="tabular-nums">{value}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={PROCESSING_PROGRESS}
        aria-valuetext={value}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${PROCESSING_PROGRESS}%` }} />
      </div>
    </div>
  );
}

/** Why processing failed, and a retry that queues the document again. */
export function FailedNotice({ document }: { document: Pick<KnowledgeDocument, 'id' | 'errorCode'> }) {
  const { t } = useTranslation('knowledge');
  const retry = useRetryDocument();
  return (
    <Notice variant="destructive" className="relative z-10 items-start">
      <CircleAlert aria-hidden="true" />
      <div className="grid flex-1 gap-2">
        <p className="break-words">
          {document.errorCode
            ? t('document.failedReason', { reason: t(`document.reasons.${document.errorCode}`) })
            : t('document.failed')}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          loading={retry.isPending}
          onClick={() => retry.mutate({ id: document.id })}
        >
          {retry.isPending ? null : <RotateCw aria-hidden="true" />}
          {t('document.retry')}
        </Button>
      </div>
    </Notice>
  );
}
