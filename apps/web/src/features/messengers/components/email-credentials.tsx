import {
  credentialFields,
  EMAIL_FIRST_SYNC_DAYS,
  emailPresets,
  emailProviders,
  type ConnectMessengerInput,
  type CredentialField,
  type EmailProvider,
} from '@doppel/contracts';
import { Inbox, KeyRound, LockKeyhole } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, type Path, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import { credentialKey, type ConnectValues } from '../utils/connect-form';
import { CredentialInput } from './credential-input';

/** Brand names, the same in every language. */
const PROVIDER_NAMES: Record<EmailProvider, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  fastmail: 'Fastmail',
  yandex: 'Yandex',
  mailru: 'Mail.ru',
};

type ProviderChoice = EmailProvider | 'other';

/** The usual port with TLS from the first byte, and with STARTTLS, per server. */
const USUAL_PORTS = { imap: { tls: '993', starttls: '143' }, smtp: { tls: '465', starttls: '587' } } as const;

const fieldsOf = (prefix: 'imap' | 'smtp' | null): CredentialField[] =>
  credentialFields.email.filter((field) =>
    prefix ? field.name.startsWith(`${prefix}_`) : !/^(imap|smtp)_/.test(field.name),
  );

/** What an empty field stands for: the server takes the address as user name, the IMAP password for SMTP. */
const PLACEHOLDERS = {
  imap_user: 'sameAsAddress',
  smtp_user: 'sameAsAddress',
  smtp_password: 'sameAsImapPassword',
} as const;

interface EmailCredentialsProps {
  form: UseFormReturn<ConnectValues, unknown, ConnectMessengerInput>;
  field: (name: Path<ConnectValues>) => UseFormRegisterReturn;
  errorText: (name: Path<ConnectValues>) => string | undefined;
  disabled: boolean;
}

/**
 * The Email card's fields: the address and sender name, a provider whose documented servers
 * fill the IMAP and SMTP fields, then those two groups. Every preset's provider refuses the
 * account's own password to mail apps, so choosing one says to make an app password.
 */
export function EmailCredentials({ form, field, errorText, disabled }: EmailCredentialsProps) {
  const { t } = useTranslation('messengers');
  const providerId = useId();
  const [provider, setProvider] = useState<ProviderChoice>('other');

  const choose = (choice: ProviderChoice) => {
    setProvider(choice);
    if (choice === 'other') return;
    for (const [name, value] of Object.entries(emailPresets[choice])) {
      const key = credentialKey('email', name);
      form.setValue(key, value, { shouldDirty: true });
      form.clearErrors(key);
    }
  };

  const input = (credential: CredentialField) => {
    const key = credentialKey('email', credential.name);
    const placeholder = Object.hasOwn(PLACEHOLDERS, credential.name)
      ? t(`dialog.email.${PLACEHOLDERS[credential.name as keyof typeof PLACEHOLDERS]}`)
      : undefined;
    return credential.kind === 'toggle' ? (
      <TlsSwitch key={key} form={form} field={credential} disabled={disabled} />
    ) : (
      <CredentialInput
        key={key}
        platform="email"
        field={credential}
        error={errorText(key)}
        disabled={disabled}
        placeholder={placeholder}
        input={field(key)}
      />
    );
  };

  return (
    <>
      {fieldsOf(null).map(input)}
      <div className="grid gap-1.5">
        <Label htmlFor={providerId}>{t('dialog.email.provider')}</Label>
        <Select
          id={providerId}
          value={provider}
          disabled={disabled}
          onChange={(event) => choose(event.target.value as ProviderChoice)}
        >
          {emailProviders.map((option) => (
            <option key={option} value={option}>
              {PROVIDER_NAMES[option]}
            </option>
          ))}
          <option value="other">{t('dialog.email.otherProvider')}</option>
        </Select>
      </div>
      {provider === 'other' ? null : (
        <Notice variant="warning" size="sm" role="note">
          <KeyRound aria-hidden="true" />
          <p>{t('dialog.email.appPassword', { provider: PROVIDER_NAMES[provider] })}</p>
        </Notice>
      )}
      {(['imap', 'smtp'] as const).map((server) => (
        <fieldset key={server} className="grid gap-4 rounded-lg border p-4">
          <legend className="px-1 text-sm font-semibold">
            {server === 'imap' ? t('dialog.email.incoming') : t('dialog.email.outgoing')}
          </legend>
          {fieldsOf(server).map(input)}
        </fieldset>
      ))}
      <Notice variant="neutral" size="sm">
        <Inbox aria-hidden="true" />
        <p>{t('dialog.email.firstRead', { days: EMAIL_FIRST_SYNC_DAYS })}</p>
      </Notice>
      <Notice variant="neutral" size="sm">
        <LockKeyhole aria-hidden="true" />
        <p>{t('dialog.email.secretNote')}</p>
      </Notice>
    </>
  );
}

/**
 * "SSL/TLS" for one server: on, TLS from the first byte; off, STARTTLS when the server offers
 * it. Switching moves the port between the two usual ones when it is one of them.
 */
function TlsSwitch({
  form,
  field,
  disabled,
}: {
  form: EmailCredentialsProps['form'];
  field: CredentialField;
  disabled: boolean;
}) {
  const { t } = useTranslation('messengers');
  const hintId = useId();
  const server = field.name.startsWith('imap') ? 'imap' : 'smtp';
  const portKey = credentialKey('email', `${server}_port`);
  const key = `fields.email.${field.name}` as 'fields.email.imap_tls';
  return (
    <Controller
      control={form.control}
      name={credentialKey('email', field.name)}
      render={({ field: control }) => (
        <div className="grid gap-1.5">
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium md:min-h-0">
            <input
              type="checkbox"
              role="switch"
              ref={control.ref}
              name={control.name}
              checked={control.value === 'true'}
              disabled={disabled}
              aria-describedby={hintId}
              onBlur={control.onBlur}
              onChange={(event) => {
                const on = event.target.checked;
                control.onChange(on ? 'true' : 'false');
                const ports = USUAL_PORTS[server];
                if (form.getValues(portKey) === (on ? ports.starttls : ports.tls)) {
                  form.setValue(portKey, on ? ports.tls : ports.starttls, { shouldDirty: true });
                  form.clearErrors(portKey);
                }
              }}
              className="size-5 shrink-0 accent-primary md:size-4"
            />
            {t(`${key}.label`)}
          </label>
          <p id={hintId} className="text-xs text-muted-foreground">
            {t(`${key}.hint`)}
          </p>
        </div>
      )}
    />
  );
}
