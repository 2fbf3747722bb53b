import {
  credentialFields,
  messengerPlatforms,
  type ConnectMessengerInput,
  type MessengerConnection,
  type MessengerPlatform,
} from '@doppel/contracts';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { serverFieldErrors } from '@/components/form/server-errors';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { i18n } from '@/lib/i18n';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import { useConnectMessenger } from '../api/messengers-api';
import {
  connectFormSchema,
  credentialKey,
  credentialProblem,
  defaultCredentialValues,
  type ConnectValues,
  type CredentialKey,
} from '../utils/connect-form';
import { PLATFORM_ICONS, platformName } from '../utils/platforms';
import { CredentialInput } from './credential-input';
import { EmailCredentials } from './email-credentials';
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
 * webhook URL to paste into its console. A mailbox has no webhook: Doppel reads it itself.
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
            if (connection.platform === 'email' || connection.inbound.registered) onOpenChange(false);
            else setConnected(connection);
          }}
        />
      )}
    </FormDialog>
  );
}

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
  const { form, errorText, field } = useZodForm<ConnectValues, ConnectMessengerInput>(connectFormSchema, {
    messages: 'messenger',
    defaultValues: { platform: initialPlatform ?? '', ...defaultCredentialValues() },
  });
  const platform = useWatch({ control: form.control, name: 'platform' }) || null;
  const fields = platform ? credentialFields[platform] : [];
  // The first field the server refused takes the focus once the inputs are enabled again (a new
  // object per refusal, so the same field is focused again after another one).
  const [refused, setRefused] = useState<{ first: CredentialKey } | null>(null);
  useEffect(() => {
    if (!connect.isPending && refused) form.setFocus(refused.first);
  }, [connect.isPending, refused, form]);

  const submit = form.handleSubmit(
    (input) => {
      if (connect.isPending) return;
      setRefused(null);
      connect.mutate(input, {
        onSuccess: (connection) => {
          notifySuccess(t('toast.connected', { platform: platformName(input.platform) }));
          onConnected(connection);
        },
        onError: (error) => {
          // validation_failed names 'credentials.<name>', a mail server's refusal (messenger_failed)
          // the field's own name: either is the chosen platform's field, marked and focused.
          const reasons = serverFieldErrors<CredentialKey>(error, (path) => {
            const name = /^(?:credentials\.)?(\w+)$/.exec(path)?.[1];
            return name && credentialFields[input.platform].some((one) => one.name === name)
              ? credentialKey(input.platform, name)
              : undefined;
          });
          const marked = credentialFields[input.platform].flatMap((one) => {
            const key = credentialKey(input.platform, one.name);
            const reason = reasons[key];
            return reason ? [{ key, problem: credentialProblem(input.platform, one.name, reason) }] : [];
          });
          for (const { key, problem } of marked) form.setError(key, { type: 'server', message: problem });
          if (marked[0]) setRefused({ first: marked[0].key });
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
                  {platformName(option)}
                </label>
              );
            })}
          </div>
        </fieldset>
        {platform === 'email' ? (
          <EmailCredentials form={form} field={field} errorText={errorText} disabled={connect.isPending} />
        ) : platform ? (
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
              <p>{t('dialog.secretNote', { platform: platformName(platform) })}</p>
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
