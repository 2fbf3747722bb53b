import { emailDigestModes, type UserSettings } from '@doppel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsPatch } from '../api/get-settings';
import { NotificationSection, NotificationSwitch } from './notification-switch';

const HINTS = { instant: 'email.instantHint', daily: 'email.dailyHint' } as const;

/** Urgent tasks by email: on or off, and each at once or one digest a day. */
export function NotificationsEmailSection({
  notifications,
  disabled,
  save,
}: {
  notifications: UserSettings['notifications'];
  disabled: boolean;
  save: (patch: SettingsPatch) => void;
}) {
  const { t } = useTranslation('notifications');
  const name = useId();
  return (
    <NotificationSection title={t('email.title')}>
      <NotificationSwitch
        label={t('email.toggle')}
        hint={t('email.hint')}
        checked={notifications.email}
        disabled={disabled}
        onChange={(email) => save({ notifications: { email } })}
      />
      <fieldset className="grid gap-2" disabled={disabled || !notifications.email}>
        <legend className="mb-1.5 text-sm font-medium">{t('email.when')}</legend>
        {emailDigestModes.map((mode) => (
          <label
            key={mode}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-2.5 text-sm has-checked:border-primary has-checked:bg-primary-soft has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={mode}
              checked={notifications.emailDigest === mode}
              onChange={() => save({ notifications: { emailDigest: mode } })}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="grid gap-0.5">
              <span>{t(`email.${mode}`)}</span>
              <span className="text-xs text-muted-foreground">{t(HINTS[mode])}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </NotificationSection>
  );
}
