import type { CredentialField, MessengerPlatform } from '@doppel/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { PORT_MAX } from '../utils/connect-form';

/**
 * One typed credential field: secrets masked, the webhook address a URL input, a mailbox
 * address an email input, a port a number. Its label and hint come from
 * `fields.<platform>.<name>` in the messengers dictionary.
 */
export function CredentialInput({
  platform,
  field,
  error,
  disabled,
  placeholder,
  input,
}: {
  platform: MessengerPlatform;
  field: CredentialField;
  error: string | undefined;
  disabled: boolean;
  /** What an empty field stands for ("same as address"); a URL field shows https:// otherwise. */
  placeholder?: string;
  input: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('messengers');
  // Keys are checked against the English dictionary; the field names come from the contracts.
  const key = `fields.${platform}.${field.name}` as 'fields.telegram.bot_token';
  const label = t(`${key}.label`);
  const type = field.secret
    ? 'password'
    : field.kind === 'url'
      ? 'url'
      : field.kind === 'email'
        ? 'email'
        : field.kind === 'port'
          ? 'number'
          : 'text';
  return (
    <FormField
      label={field.required ? label : t('dialog.optional', { label })}
      hint={t(`${key}.hint`)}
      error={error}
    >
      {(control) => (
        <Input
          {...control}
          type={type}
          inputMode={field.kind === 'url' ? 'url' : field.kind === 'port' ? 'numeric' : undefined}
          min={field.kind === 'port' ? 1 : undefined}
          max={field.kind === 'port' ? PORT_MAX : undefined}
          placeholder={placeholder ?? (field.kind === 'url' ? 'https://' : undefined)}
          autoComplete={field.secret ? 'new-password' : field.kind === 'email' ? 'email' : 'off'}
          spellCheck={false}
          aria-required={field.required || undefined}
          disabled={disabled}
          {...input}
        />
      )}
    </FormField>
  );
}
