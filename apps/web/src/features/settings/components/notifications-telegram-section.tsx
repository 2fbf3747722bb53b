import type { TelegramLink, TelegramNotificationState } from '@doppel/contracts';
import { ExternalLink, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { intlLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { openSettings } from '@/lib/open-settings';
import type { SettingsPatch } from '../api/get-settings';
import { useLinkTelegram, useUnlinkTelegram } from '../api/notifications';
import { NotificationSection, NotificationSwitch } from './notification-switch';

/** A brand name, the same in every language (as the Messengers tab writes it). */
const TELEGRAM = 'Telegram';

/**
 * Urgent tasks in the user's own Telegram chat, through the bot they connected in Messengers:
 * linked with a one-time code the user sends the bot (the t.me link does it with one tap).
 */
export function NotificationsTelegramSection({
  state,
  telegramOn,
  disabled,
  save,
}: {
  state: TelegramNotificationState;
  /** The account's Telegram setting. */
  telegramOn: boolean;
  disabled: boolean;
  save: (patch: SettingsPatch) => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const link = useLinkTelegram();
  const unlink = useUnlinkTelegram();
  /** The code made on this page; the server keeps only its hash. */
  const [code, setCode] = useState<TelegramLink | null>(null);

  if (!state.bot) {
    return (
      <NotificationSection title={TELEGRAM}>
        <p className="text-sm text-muted-foreground">{t('telegram.noBot')}</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => openSettings('messengers')}
        >
          {t('telegram.openMessengers')}
        </Button>
      </NotificationSection>
    );
  }

  if (state.linkedAt) {
    return (
      <NotificationSection title={TELEGRAM}>
        <p className="text-sm">{t('telegram.linked', { bot: state.bot })}</p>
        <NotificationSwitch
          label={t('telegram.toggle')}
          checked={telegramOn}
          disabled={disabled}
          onChange={(telegram) => save({ notifications: { telegram } })}
        />
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          loading={unlink.isPending}
          disabled={disabled}
          onClick={() =>
            unlink.mutate(undefined, {
              onSuccess: () => {
                setCode(null);
                notifySuccess(t('telegram.unlinked'));
              },
              onError: (error) => notifyError(error, t('telegram.unlinkFailed')),
            })
          }
        >
          {t('telegram.unlink')}
        </Button>
      </NotificationSection>
    );
  }

  const waiting = code && state.linkPendingUntil ? code : null;
  const until = waiting
    ? new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage), { timeStyle: 'short' }).format(
        new Date(waiting.expiresAt),
      )
    : '';
  const createCode = () =>
    link.mutate(undefined, {
      onSuccess: (created) => {
        setCode(created);
        // Linking is asking for Telegram notifications: they start once the bot gets the code.
        if (!telegramOn) save({ notifications: { telegram: true } });
      },
      onError: (error) => notifyError(error, t('telegram.linkFailed')),
    });

  return (
    <NotificationSection title={TELEGRAM}>
      <p className="text-sm">{t('telegram.notLinked', { bot: state.bot })}</p>
      {waiting ? (
        <Notice variant="info" role="status" className="items-start">
          <Send aria-hidden="true" />
          <div className="grid gap-2">
            <p>{t('telegram.pending')}</p>
            <code className="justify-self-start rounded bg-background px-2 py-1 font-mono text-xs break-all select-all">
              {waiting.command}
            </code>
            <a
              href={waiting.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 justify-self-start font-semibold underline underline-offset-4"
            >
              {t('telegram.openInTelegram')}
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
            <p className="text-xs">{t('telegram.expires', { time: until })}</p>
          </div>
        </Notice>
      ) : null}
      <Button
        variant={waiting ? 'outline' : 'default'}
        size="sm"
        className="justify-self-start"
        loading={link.isPending}
        disabled={disabled}
        onClick={createCode}
      >
        {waiting ? t('telegram.newCode') : t('telegram.link')}
      </Button>
    </NotificationSection>
  );
}
