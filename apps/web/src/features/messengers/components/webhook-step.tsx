import type { MessengerConnection } from '@doppel/contracts';
import { CircleCheck, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Notice } from '@/components/ui/notice';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { platformName } from '../utils/platforms';

/**
 * After connecting a platform Doppel could not point at itself: WhatsApp, Slack and Discord
 * are told the webhook URL in their own consoles. Telegram is told by Doppel, and when it
 * refuses this server's address (not public https) its messages are pulled instead. A mailbox
 * never comes here: Doppel reads it itself.
 */
export function WebhookStep({ connection, onDone }: { connection: MessengerConnection; onDone: () => void }) {
  const { t } = useTranslation('messengers');
  const headingId = useId();
  const urlId = useId();
  const whereId = useId();
  const name = platformName(connection.platform);
  const { platform } = connection;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(connection.inbound.url);
      notifySuccess(t('webhook.copied'));
    } catch {
      notifyFailure(t('webhook.copyFailed'));
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4 overflow-y-auto p-5">
      <Notice variant="success">
        <CircleCheck aria-hidden="true" />
        <p>{t('webhook.connectedAs', { platform: name, username: connection.username })}</p>
      </Notice>
      <h3 id={headingId} className="text-base font-semibold">
        {t('webhook.title')}
      </h3>
      {platform === 'telegram' ? (
        <p className="text-sm">{t('webhook.telegramPull')}</p>
      ) : (
        <>
          <p className="text-sm">
            {platform === 'whatsapp'
              ? t('webhook.pasteWithToken', { platform: name })
              : t('webhook.paste', { platform: name })}
          </p>
          <div className="grid gap-1.5">
            <Label htmlFor={urlId}>{t('webhook.url')}</Label>
            <div className="flex gap-2">
              <Input
                id={urlId}
                readOnly
                autoFocus
                value={connection.inbound.url}
                aria-describedby={whereId}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono"
              />
              <Button variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                {t('webhook.copy')}
              </Button>
            </div>
            <p id={whereId} className="text-xs text-muted-foreground">
              {platform === 'email' ? null : t(`webhook.where.${platform}`)}
            </p>
          </div>
        </>
      )}
      <div className="flex justify-end">
        <Button onClick={onDone} autoFocus={platform === 'telegram'}>
          {t('webhook.done')}
        </Button>
      </div>
    </section>
  );
}
