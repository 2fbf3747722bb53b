import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import type { SettingsPatch } from '../api/get-settings';
import {
  pushPermission,
  useBrowserPush,
  useTestPush,
  useTurnOffPush,
  useTurnOnPush,
  type TurnOnOutcome,
} from '../api/notifications';
import { NotificationSection, NotificationSwitch } from './notification-switch';

/**
 * Browser push on this device: the switch asks the browser's permission (in the click, as
 * browsers require), subscribes and hands the subscription to the server; off unsubscribes. A
 * browser without the Push API, or one where the user blocked notifications, says so instead.
 */
export function NotificationsPushSection({
  pushOn,
  subscriptions,
  disabled,
  save,
}: {
  /** The account's push setting. */
  pushOn: boolean;
  /** How many browsers of the user the server sends push to. */
  subscriptions: number;
  disabled: boolean;
  save: (patch: SettingsPatch) => void;
}) {
  const { t } = useTranslation('notifications');
  const browser = useBrowserPush();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const test = useTestPush();
  const [answer, setAnswer] = useState<TurnOnOutcome | null>(null);
  const permission = pushPermission();

  if (permission === 'unsupported') {
    return (
      <NotificationSection title={t('push.title')}>
        <Notice variant="neutral">
          <BellOff aria-hidden="true" />
          <p>{t('push.unsupported')}</p>
        </Notice>
      </NotificationSection>
    );
  }

  const here = browser.data === true;
  const on = pushOn && here && permission === 'granted';
  const others = subscriptions - (here ? 1 : 0);
  const busy = turnOn.isPending || turnOff.isPending;

  const change = (checked: boolean) => {
    if (checked) {
      // Asked here, in the click: browsers show the prompt only for the user's own gesture.
      const permissionAnswer = Notification.requestPermission();
      turnOn.mutate(permissionAnswer, {
        onSuccess: (outcome) => {
          setAnswer(outcome);
          if (outcome !== 'on') return;
          save({ notifications: { push: true } });
          notifySuccess(t('push.turnedOn'));
        },
        onError: (error) => notifyError(error, t('push.turnOnFailed')),
      });
      return;
    }
    turnOff.mutate(undefined, {
      // The account's setting goes off with its last browser.
      onSuccess: (remaining) => remaining === 0 && save({ notifications: { push: false } }),
      onError: (error) => notifyError(error, t('push.turnOffFailed')),
    });
  };

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ sent }) =>
        sent > 0 ? notifySuccess(t('push.testSent')) : notifyFailure(t('push.testFailed')),
      onError: (error) => notifyError(error, t('push.testFailed')),
    });

  return (
    <NotificationSection title={t('push.title')}>
      {permission === 'denied' ? (
        <Notice variant="warning" role="alert">
          <BellOff aria-hidden="true" />
          <p>{t('push.denied')}</p>
        </Notice>
      ) : answer === 'dismissed' ? (
        <Notice variant="info" role="status">
          <p>{t('push.dismissed')}</p>
        </Notice>
      ) : null}
      <NotificationSwitch
        label={t('push.toggle')}
        hint={t('push.hint')}
        checked={on}
        disabled={disabled || busy || browser.isPending || permission === 'denied'}
        onChange={change}
      />
      {others > 0 ? (
        <p className="text-xs text-muted-foreground">{t('push.others', { count: others })}</p>
      ) : null}
      {on ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          loading={test.isPending}
          onClick={sendTest}
        >
          {t('push.test')}
        </Button>
      ) : null}
    </NotificationSection>
  );
}
