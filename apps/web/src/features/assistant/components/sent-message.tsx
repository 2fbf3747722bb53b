import type { EmailDeliveryProblem, PublishProblem, Task } from '@doppel/contracts';
import { Copy, ExternalLink, RotateCw, Send, TriangleAlert } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { i18n } from '@/lib/i18n';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { canOpenSettings, openSettings } from '@/lib/open-settings';
import { useRetryDelivery } from '../api/task-replies';

type BadgeProps = ComponentProps<typeof Badge>;

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
    // A comment is written under its post: the thread when the task knows it, else the community.
    if (task.type === 'reddit_comment')
      return { platform: 'reddit', url: redditThread(task.context.triggerData?.postUrl) ?? base };
    const params = new URLSearchParams({ title: task.context.delivery?.postTitle || task.title, text });
    return { platform: 'reddit', url: `${base}/submit?${params.toString()}` };
  }
  return null;
}

/** A post's address when it is one of Reddit's own (https, reddit.com): nothing else is opened. */
function redditThread(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    const onReddit = url.hostname === 'reddit.com' || url.hostname.endsWith('.reddit.com');
    return url.protocol === 'https:' && onReddit ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A Reddit comment task made before Publish knew the post's id (issue 19): connecting an account
 * would not publish it, so the user is told why it is theirs to post, not asked to connect.
 */
function commentWithoutPost(task: Task): boolean {
  return task.type === 'reddit_comment' && !task.context.triggerData?.postId;
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
  reddit: 'Reddit',
  linkedin: 'LinkedIn',
};

/** Channels where the task's text is a post or comment published through the user's account. */
const isPublishChannel = (channel: string | null | undefined): channel is 'reddit' | 'linkedin' =>
  channel === 'reddit' || channel === 'linkedin';

type DeliveryStatus = NonNullable<Task['context']['delivery']>['status'];
/** Reasons each kind of channel words (a post's, an email's). */
type PublishReason = PublishProblem;
type EmailReason = EmailDeliveryProblem;

const STATUS_BADGE: Record<Exclude<DeliveryStatus, 'sent'>, BadgeProps['variant']> = {
  queued: 'info',
  failed: 'danger',
  unknown: 'warning',
  to_send_manually: 'warning',
};

/**
 * What was sent for a completed task: delivered through a connected messenger, or — without
 * one — recorded "to send manually": copy it, or for posts copy it and open the platform. An
 * email is queued until the user's mail server takes it ("Sending…", then sent), refuses it
 * (failed, with the server's reason and Retry), or a crash leaves its fate unknown: then Retry
 * asks first, as the mail may be in the Sent folder already. Live updates move the status.
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
  const status: DeliveryStatus = delivery?.status ?? 'to_send_manually';
  const channel = delivery?.channel ?? null;
  const published = status === 'sent' && isPublishChannel(channel);
  const deliveredVia =
    status === 'sent' && channel && !published
      ? channel === 'email'
        ? t('sent.channelEmail')
        : (CHANNEL_NAMES[channel] ?? channel)
      : null;
  return (
    <section aria-labelledby={`sent-${task.id}`} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`sent-${task.id}`} className="flex items-center gap-2 text-sm font-semibold">
          <Send className="size-4 text-primary" aria-hidden="true" />
          {t('sent.title')}
        </h3>
        {/* The status changes by itself (live updates): said when it does. */}
        <span role="status">
          {published ? (
            <Badge variant="success">{t('sent.publishedOn', { platform: CHANNEL_NAMES[channel] })}</Badge>
          ) : deliveredVia ? (
            <Badge variant="success">{t('sent.deliveredVia', { channel: deliveredVia })}</Badge>
          ) : status === 'sent' ? (
            <Badge variant="success">{t('sent.status.sent')}</Badge>
          ) : (
            <Badge variant={STATUS_BADGE[status]}>{t(`sent.status.${status}`)}</Badge>
          )}
        </span>
      </div>
      {status === 'to_send_manually' ? (
        commentWithoutPost(task) ? (
          <p className="text-xs text-muted-foreground">{t('sent.commentPostUnknownHint')}</p>
        ) : publish ? (
          <div className="grid gap-2 text-xs text-muted-foreground">
            <p>{t('sent.publishHint', { platform: CHANNEL_NAMES[publish.platform] })}</p>
            {canOpenSettings() ? (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => openSettings('messengers')}
              >
                {t('sent.connectAccount', { platform: CHANNEL_NAMES[publish.platform] })}
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{t('sent.manualHint')}</p>
        )
      ) : status === 'failed' || status === 'unknown' ? (
        <DeliveryProblem task={task} status={status} />
      ) : null}
      {published && delivery?.link ? (
        <a
          href={delivery.link}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-primary underline underline-offset-4"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('sent.viewOn', { platform: CHANNEL_NAMES[channel] })}
        </a>
      ) : null}
      <p className="rounded-md bg-subtle px-3 py-2 text-sm whitespace-pre-line">{text}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copyText(text)}>
          <Copy aria-hidden="true" />
          {t('sent.copy')}
        </Button>
        {publish && !published ? (
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

/**
 * An email that did not go out (the mail server's reason) or may not have: Retry sends it again
 * with the same Message-ID; for an unknown fate only after the user confirms they checked Sent.
 * A messenger message the platform may have delivered (it failed mid-send) asks the same way,
 * pointing to the chat.
 */
function DeliveryProblem({ task, status }: { task: Task; status: 'failed' | 'unknown' }) {
  const { t } = useTranslation('assistant');
  const retry = useRetryDelivery();
  const [confirming, setConfirming] = useState(false);
  const delivery = task.context.delivery;
  const reason = delivery?.reason;
  const serverReply = delivery?.serverReply;
  // A messenger message whose fate is unknown is checked in the chat, an email in Sent, a post
  // on the platform.
  const channel = delivery?.channel ?? 'email';
  const platform = isPublishChannel(channel) ? CHANNEL_NAMES[channel]! : null;
  const messenger = channel === 'email' || platform ? null : (CHANNEL_NAMES[channel] ?? channel);
  const confirmKey = platform
    ? 'sent.retryConfirmPublish'
    : messenger
      ? 'sent.retryConfirmMessenger'
      : 'sent.retryConfirm';
  const minutes = Math.max(1, Math.ceil((delivery?.retryAfterSeconds ?? 60) / 60));
  const problemText =
    status === 'unknown'
      ? platform
        ? t('sent.unknownPublish', { platform })
        : messenger
          ? t('sent.unknownMessenger', { channel: messenger })
          : t('sent.unknown')
      : platform
        ? reason
          ? t(`sent.publishProblem.${reason as PublishReason}`, { platform, count: minutes })
          : t('sent.publishFailed', { platform })
        : reason
          ? t(`sent.problem.${reason as EmailReason}`)
          : t('sent.failed');
  const send = () =>
    retry.mutate(task.id, {
      onSettled: () => setConfirming(false),
    });
  return (
    <Notice variant={status === 'failed' ? 'destructive' : 'warning'}>
      <TriangleAlert aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="break-words">{problemText}</p>
        {serverReply ? (
          <p className="text-xs break-words opacity-80">
            {platform
              ? t('sent.platformReply', { platform, reply: serverReply })
              : t('sent.serverReply', { reply: serverReply })}
          </p>
        ) : null}
        {reason === 'reconnect' && canOpenSettings() ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => openSettings('messengers')}
          >
            {t('sent.reconnectAccount', { platform })}
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          loading={retry.isPending && !confirming}
          onClick={() => (status === 'unknown' ? setConfirming(true) : send())}
        >
          <RotateCw aria-hidden="true" />
          {t('sent.retry')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(`${confirmKey}.title`)}
        description={t(`${confirmKey}.description`, {
          name: task.contact?.name ?? t('detail.unknownContact'),
        })}
        cancelLabel={t('sent.retryConfirm.cancel')}
        confirmLabel={t('sent.retryConfirm.confirm')}
        confirmVariant="default"
        pending={retry.isPending}
        onConfirm={send}
      />
    </Notice>
  );
}
