import type { Task } from '@doppel/contracts';
import { Copy, ExternalLink, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n';
import { notifyFailure, notifySuccess } from '@/lib/notify';

/** Where a post is written by hand: LinkedIn's share box, or the Reddit community's submit page. */
export function publishUrl(
  task: Task,
  text: string,
): { platform: 'linkedin' | 'reddit'; url: string } | null {
  if (task.type === 'linkedin_post') {
    return {
      platform: 'linkedin',
      url: `https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(text)}`,
    };
  }
  if (task.type === 'reddit_post' || task.type === 'reddit_comment') {
    const community = /^r\/[A-Za-z0-9_]{2,21}$/.exec(task.context.triggerData?.community?.trim() ?? '')?.[0];
    const base = community ? `https://www.reddit.com/${community}` : 'https://www.reddit.com';
    if (task.type === 'reddit_comment') return { platform: 'reddit', url: base };
    const params = new URLSearchParams({ title: task.title, text });
    return { platform: 'reddit', url: `${base}/submit?${params.toString()}` };
  }
  return null;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(i18n.t('assistant:sent.copied'));
    return true;
  } catch {
    notifyFailure(i18n.t('assistant:sent.copyFailed'));
    return false;
  }
}

const CHANNEL_NAMES: Partial<Record<string, string>> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  slack: 'Slack',
  discord: 'Discord',
};

/**
 * What was sent for a completed task: delivered through a connected messenger, or — without
 * one — recorded "to send manually": copy it, or for posts copy it and open the platform.
 */
export function SentMessage({
  task,
  text,
  onWriteAnother,
}: {
  task: Task;
  text: string;
  onWriteAnother: () => void;
}) {
  const { t } = useTranslation('assistant');
  const publish = publishUrl(task, text);
  const delivery = task.context.delivery;
  const deliveredVia =
    delivery?.status === 'sent' && delivery.channel
      ? (CHANNEL_NAMES[delivery.channel] ?? delivery.channel)
      : null;
  return (
    <section aria-labelledby={`sent-${task.id}`} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`sent-${task.id}`} className="flex items-center gap-2 text-sm font-semibold">
          <Send className="size-4 text-primary" aria-hidden="true" />
          {t('sent.title')}
        </h3>
        {deliveredVia ? (
          <Badge variant="success">{t('sent.deliveredVia', { channel: deliveredVia })}</Badge>
        ) : (
          <Badge variant="warning">{t('sent.toSendManually')}</Badge>
        )}
      </div>
      {deliveredVia ? null : (
        <p className="text-xs text-muted-foreground">
          {publish ? t('sent.publishHint') : t('sent.manualHint')}
        </p>
      )}
      <p className="rounded-md bg-subtle px-3 py-2 text-sm whitespace-pre-line">{text}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copyText(text)}>
          <Copy aria-hidden="true" />
          {t('sent.copy')}
        </Button>
        {publish ? (
          <Button
            size="sm"
            onClick={() => {
              // Open first: browsers only allow the new tab during the click itself.
              window.open(publish.url, '_blank', 'noopener,noreferrer');
              void copyText(text);
            }}
          >
            <ExternalLink aria-hidden="true" />
            {publish.platform === 'linkedin' ? t('sent.openLinkedin') : t('sent.openReddit')}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onWriteAnother}>
          {t('sent.writeAnother')}
        </Button>
      </div>
    </section>
  );
}
