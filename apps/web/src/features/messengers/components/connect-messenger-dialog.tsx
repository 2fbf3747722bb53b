import {
  credentialFields,
  messengerPlatforms,
  type CredentialField,
  type MessengerConnection,
  type MessengerPlatform,
} from '@doppel/contracts';
import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-error';
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
 * The messenger connect dialog (spec §2): a platform, its credential fields, Connect. When the
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

type FieldProblem = 'required' | 'urlInvalid' | 'invalid';
type Values = Partial<Record<MessengerPlatform, Record<string, string>>>;

const PROBLEM_MESSAGE = {
  required: 'dialog.fieldRequired',
  urlInvalid: 'dialog.urlInvalid',
  invalid: 'dialog.fieldInvalid',
} as const;

/** What the server said about the credential fields (validation_failed: 'credentials.<name>'). */
function serverProblems(error: unknown): Record<string, FieldProblem> | null {
  if (!isApiError(error) || !error.fields) return null;
  const problems: Record<string, FieldProblem> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const name = /^credentials\.(\w+)$/.exec(path)?.[1];
    if (!name) continue;
    problems[name] = message === 'required' || message === 'urlInvalid' ? message : 'invalid';
  }
  return Object.keys(problems).length > 0 ? problems : null;
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
  const radioName = useId();
  const [platform, setPlatform] = useState<MessengerPlatform | null>(initialPlatform);
  // Kept per platform, so looking at another platform's fields loses nothing typed.
  const [values, setValues] = useState<Values>({});
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const fields = platform ? credentialFields[platform] : [];
  const typed = platform ? (values[platform] ?? {}) : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!platform || connect.isPending) return;
    const found: Record<string, FieldProblem> = {};
    const credentials: Record<string, string> = {};
    for (const field of fields) {
      const value = (typed[field.name] ?? '').trim();
      if (!value) {
        if (field.required) found[field.name] = 'required';
      } else if (field.kind === 'url' && !isHttpUrl(value)) {
        found[field.name] = 'urlInvalid';
      } else {
        credentials[field.name] = value;
      }
    }
    setProblems(found);
    const firstProblem = fields.find((field) => found[field.name]);
    if (firstProblem) {
      // Spec §5: the error toast, and nothing is sent.
      if (Object.values(found).includes('required')) notifyFailure(i18n.t('errors:validation_failed'));
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstProblem.name}"]`)?.focus();
      return;
    }
    const name = PLATFORM_NAMES[platform];
    connect.mutate(
      { platform, credentials },
      {
        onSuccess: (connection) => {
          notifySuccess(t('toast.connected', { platform: name }));
          onConnected(connection);
        },
        onError: (error) => {
          const fromServer = serverProblems(error);
          if (fromServer) setProblems(fromServer);
          // messenger_failed carries the platform's reason: it is the toast's text.
          notifyError(error, i18n.t('errors:internal'), { title: t('toast.connectFailed') });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
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
                    name={radioName}
                    value={option}
                    checked={platform === option}
                    disabled={connect.isPending}
                    onChange={() => {
                      setPlatform(option);
                      setProblems({});
                    }}
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
            {fields.map((field) => (
              <CredentialInput
                key={`${platform}.${field.name}`}
                platform={platform}
                field={field}
                value={typed[field.name] ?? ''}
                problem={problems[field.name]}
                disabled={connect.isPending}
                onChange={(value) => {
                  setValues((all) => ({ ...all, [platform]: { ...all[platform], [field.name]: value } }));
                  // An edited field's error goes; the others stay until the next try.
                  setProblems(({ [field.name]: _edited, ...rest }) => rest);
                }}
              />
            ))}
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

/** One credential field: secrets masked, the webhook address a URL input (spec §2). */
function CredentialInput({
  platform,
  field,
  value,
  problem,
  disabled,
  onChange,
}: {
  platform: MessengerPlatform;
  field: CredentialField;
  value: string;
  problem: FieldProblem | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('messengers');
  // Keys are checked against the English dictionary; the field names come from the contracts.
  const key = `fields.${platform}.${field.name}` as 'fields.telegram.bot_token';
  const label = t(`${key}.label`);
  return (
    <FormField
      label={field.required ? label : t('dialog.optional', { label })}
      hint={t(`${key}.hint`)}
      error={problem ? t(PROBLEM_MESSAGE[problem]) : undefined}
    >
      {(control) => (
        <Input
          {...control}
          name={field.name}
          type={field.secret ? 'password' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'url' ? 'url' : undefined}
          placeholder={field.kind === 'url' ? 'https://' : undefined}
          autoComplete={field.secret ? 'new-password' : 'off'}
          spellCheck={false}
          aria-required={field.required || undefined}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
