import {
  connectMessengerInputSchema,
  credentialFields,
  messengerPlatforms,
  type ConnectMessengerInput,
  type CredentialField,
  type MessengerConnection,
  type MessengerPlatform,
} from '@doppel/contracts';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { i18n } from '@/lib/i18n';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import { useConnectMessenger } from '../api/messengers-api';
import { isHttpUrl, PLATFORM_ICONS, PLATFORM_NAMES } from '../utils/platforms';
import { WebhookStep } from './webhook-step';

interface ConnectMessengerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Chosen already when opened from a platform's card; none from the main Connect button. */
  initialPlatform: MessengerPlatform | null;
}

/**
 * The messenger connect dialog: a platform, its credential fields, Connect. When the
 * platform cannot be told where to send messages by Doppel itself, a second step shows the
 * webhook URL to paste into its console.
 */
export function ConnectMessengerDialog({ open, onOpenChange, initialPlatform }: ConnectMessengerDialogProps) {
  const { t } = useTranslation('messengers');
  const connect = useConnectMessenger();
  const [connected, setConnected] = useState<MessengerConnection | null>(null);
  // A new opening starts at the form again.
  if (!open && connected) setConnected(null);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={connect.isPending}
      title={t('dialog.title')}
      description={t('dialog.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-lg"
    >
      {!open ? null : connected ? (
        <WebhookStep connection={connected} onDone={() => onOpenChange(false)} />
      ) : (
        <ConnectForm
          initialPlatform={initialPlatform}
          connect={connect}
          onCancel={() => onOpenChange(false)}
          onConnected={(connection) => {
            if (connection.inbound.registered) onOpenChange(false);
            else setConnected(connection);
          }}
        />
      )}
    </FormDialog>
  );
}

/** A credential's place in the form: per platform, so another platform's fields lose nothing typed. */
type CredentialKey = `${MessengerPlatform}:${string}`;
type ConnectValues = { platform: MessengerPlatform | '' } & Record<CredentialKey, string>;

const credentialKey = (platform: MessengerPlatform, name: string): CredentialKey => `${platform}:${name}`;

/** One platform's credential fields as the form checks them: required ones typed, URLs http(s). */
function platformSchema(platform: MessengerPlatform) {
  const shape: Record<string, z.ZodType<string, string>> = {};
  for (const field of credentialFields[platform]) {
    let value = z.string().trim();
    if (field.required) value = value.min(1, 'required');
    shape[credentialKey(platform, field.name)] =
      field.kind === 'url' ? value.refine((text) => !text || isHttpUrl(text), 'urlInvalid') : value;
  }
  return z.object({ platform: z.literal(platform), ...shape });
}

/**
 * The chosen platform's fields, turned into the contract's connect request: only what was typed,
 * trimmed, under the contracts' field names.
 */
const connectFormSchema = z
  .discriminatedUnion('platform', [
    platformSchema('telegram'),
    platformSchema('whatsapp'),
    platformSchema('discord'),
    platformSchema('slack'),
  ])
  .transform(({ platform, ...typed }) => ({
    platform,
    credentials: Object.fromEntries(
      credentialFields[platform].flatMap((field) => {
        const value = (typed as Record<string, string | undefined>)[credentialKey(platform, field.name)];
        return value ? [[field.name, value]] : [];
      }),
    ),
  }))
  .pipe(connectMessengerInputSchema) as unknown as z.ZodType<ConnectMessengerInput, ConnectValues>;

function ConnectForm({
  initialPlatform,
  connect,
  onCancel,
  onConnected,
}: {
  initialPlatform: MessengerPlatform | null;
  connect: ReturnType<typeof useConnectMessenger>;
  onCancel: () => void;
  onConnected: (connection: MessengerConnection) => void;
}) {
  const { t } = useTranslation('messengers');
  const { form, errorText, field, showServerErrors } = useZodForm<ConnectValues, ConnectMessengerInput>(
    connectFormSchema,
    { messages: 'messenger', defaultValues: { platform: initialPlatform ?? '' } },
  );
  const platform = useWatch({ control: form.control, name: 'platform' }) || null;
  const fields = platform ? credentialFields[platform] : [];

  const submit = form.handleSubmit(
    (input) => {
      if (connect.isPending) return;
      connect.mutate(input, {
        onSuccess: (connection) => {
          notifySuccess(t('toast.connected', { platform: PLATFORM_NAMES[input.platform] }));
          onConnected(connection);
        },
        onError: (error) => {
          // validation_failed names 'credentials.<name>': the chosen platform's field.
          showServerErrors(error, (path) => {
            const name = /^credentials\.(\w+)$/.exec(path)?.[1];
            return name && credentialFields[input.platform].some((one) => one.name === name)
              ? credentialKey(input.platform, name)
              : undefined;
          });
          // messenger_failed carries the platform's reason: it is the toast's text.
          notifyError(error, i18n.t('errors:internal'), { title: t('toast.connectFailed') });
        },
      });
    },
    // A missing field is also the error toast, and nothing is sent.
    (errors) => {
      if (Object.values(errors).some((error) => error?.message === 'required'))
        notifyFailure(i18n.t('errors:validation_failed'));
    },
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto p-5">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('dialog.platform')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {messengerPlatforms.map((option) => {
              const Icon = PLATFORM_ICONS[option];
              return (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border p-3 text-sm font-medium hover:bg-muted has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
                >
                  <input
                    type="radio"
                    value={option}
                    disabled={connect.isPending}
                    {...field('platform', { onChange: () => form.clearErrors() })}
                    className="size-4 shrink-0 accent-primary"
                  />
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {PLATFORM_NAMES[option]}
                </label>
              );
            })}
          </div>
        </fieldset>
        {platform ? (
          <>
            {fields.map((credential) => {
              const name = credentialKey(platform, credential.name);
              return (
                <CredentialInput
                  key={name}
                  platform={platform}
                  field={credential}
                  error={errorText(name)}
                  disabled={connect.isPending}
                  input={field(name)}
                />
              );
            })}
            <Notice variant="neutral" size="sm">
              <LockKeyhole aria-hidden="true" />
              <p>{t('dialog.secretNote', { platform: PLATFORM_NAMES[platform] })}</p>
            </Notice>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('dialog.choosePlatform')}</p>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t px-5 py-3">
        <Button variant="outline" onClick={onCancel} disabled={connect.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" disabled={!platform} loading={connect.isPending}>
          {connect.isPending ? t('dialog.connecting') : t('dialog.connect')}
        </Button>
      </div>
    </form>
  );
}

/** One credential field: secrets masked, the webhook address a URL input. */
function CredentialInput({
  platform,
  field,
  error,
  disabled,
  input,
}: {
  platform: MessengerPlatform;
  field: CredentialField;
  error: string | undefined;
  disabled: boolean;
  input: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('messengers');
  // Keys are checked against the English dictionary; the field names come from the contracts.
  const key = `fields.${platform}.${field.name}` as 'fields.telegram.bot_token';
  const label = t(`${key}.label`);
  return (
    <FormField
      label={field.required ? label : t('dialog.optional', { label })}
      hint={t(`${key}.hint`)}
      error={error}
    >
      {(control) => (
        <Input
          {...control}
          type={field.secret ? 'password' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'url' ? 'url' : undefined}
          placeholder={field.kind === 'url' ? 'https://' : undefined}
          autoComplete={field.secret ? 'new-password' : 'off'}
          spellCheck={false}
          aria-required={field.required || undefined}
          disabled={disabled}
          {...input}
        />
      )}
    </FormField>
  );
}
