import type { Task } from '@doppel/contracts';
import { ExternalLink, Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailField } from './detail-field';
import { Button } from '@/components/ui/button';

/** Safe to put in href: only http and https links from the signal. */
function safeUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The last message, translated by default; a click shows what the contact actually wrote and
 * back.
 */
function LastMessage({ text, original }: { text: string; original?: string }) {
  const { t } = useTranslation('assistant');
  const [showOriginal, setShowOriginal] = useState(false);
  const translatable = Boolean(original) && original !== text;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted-foreground">
          {t('trigger.lastMessage')}
          {translatable
            ? ` · ${showOriginal ? t('trigger.viewingOriginal') : t('trigger.viewingTranslation')}`
            : ''}
        </span>
        {translatable ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={showOriginal}
            onClick={() => setShowOriginal((v) => !v)}
          >
            <Languages aria-hidden="true" />
            {showOriginal ? t('trigger.showTranslation') : t('trigger.showOriginal')}
          </Button>
        ) : null}
      </div>
      <blockquote className="rounded-md border-l-4 border-primary/40 bg-card px-3 py-2 text-sm whitespace-pre-line">
        {showOriginal && original ? original : text}
      </blockquote>
    </div>
  );
}

/** What set the task off, by trigger type. */
export function TriggerBlock({ task }: { task: Task }) {
  const { t } = useTranslation('assistant');
  const { triggerType, triggerData = {}, lastMessage, lastMessageOriginal } = task.context;
  if (!triggerType) return null;
  const newsUrl = safeUrl(triggerData.newsUrl);
  return (
    <section aria-labelledby={`trigger-${task.id}`} className="grid gap-3 rounded-lg border p-4">
      <h3 id={`trigger-${task.id}`} className="text-sm font-semibold">
        {t('trigger.title')}: {t(`trigger.types.${triggerType}`)}
      </h3>
      {triggerType === 'message' && lastMessage ? (
        <LastMessage text={lastMessage} original={lastMessageOriginal} />
      ) : null}
      {triggerType === 'rss_news' ? (
        <>
          <dl className="grid gap-2">
            {triggerData.newsSource ? (
              <DetailField label={t('trigger.newsSource')}>{triggerData.newsSource}</DetailField>
            ) : null}
            {triggerData.newsTitle ? (
              <DetailField label={t('trigger.newsTitle')}>{triggerData.newsTitle}</DetailField>
            ) : null}
          </dl>
          {newsUrl ? (
            <a
              href={newsUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 justify-self-start text-sm text-primary underline-offset-4 hover:underline"
            >
              {t('trigger.newsLink')}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          ) : null}
        </>
      ) : null}
      {triggerType === 'linkedin_job_change' ? (
        <dl className="grid gap-2">
          {triggerData.jobChangeCompany ? (
            <DetailField label={t('trigger.company')}>{triggerData.jobChangeCompany}</DetailField>
          ) : null}
          {triggerData.linkedinActivity ? (
            <DetailField label={t('trigger.activity')}>{triggerData.linkedinActivity}</DetailField>
          ) : null}
        </dl>
      ) : null}
      {triggerType === 'social_comment' ? (
        <dl className="grid gap-2">
          {triggerData.platform ? (
            <DetailField label={t('trigger.platform')}>{triggerData.platform}</DetailField>
          ) : null}
          {triggerData.community ? (
            <DetailField label={t('trigger.community')}>{triggerData.community}</DetailField>
          ) : null}
          {triggerData.originalAuthor ? (
            <DetailField label={t('trigger.author')}>{triggerData.originalAuthor}</DetailField>
          ) : null}
          {triggerData.originalPost ? (
            <DetailField label={t('trigger.post')}>{triggerData.originalPost}</DetailField>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
