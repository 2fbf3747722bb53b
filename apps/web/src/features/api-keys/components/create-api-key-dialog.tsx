import {
  apiKeyRateLimitSchema,
  apiKeyServices,
  apiKeyServiceSchema,
  createApiKeyInputSchema,
  DEFAULT_API_KEY_RATE_LIMIT,
  type CreatedApiKey,
} from '@doppel/contracts';
import { Info, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { FormActions } from '@/components/form/form-actions';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import { useFieldMessage } from '@/components/form/field-messages';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCreateApiKey } from '../api/api-keys-api';
import {
  defaultPermissionMatrix,
  endOfDayIso,
  formatCount,
  matrixToPermissions,
  todayInputValue,
  type PermissionMatrix as Matrix,
} from '../utils/api-key-format';
import { KeySecret } from './key-secret';
import { PermissionMatrix } from './permission-matrix';

/** The contract's bounds, mirrored on the inputs. */
const NAME_MAX = createApiKeyInputSchema.shape.name.maxLength ?? 100;
const DESCRIPTION_MAX = 500;
const PER_MINUTE = apiKeyRateLimitSchema.shape.requestsPerMinute;
const PER_DAY = apiKeyRateLimitSchema.shape.requestsPerDay;

/** A number input's text as a whole number within the contract's bounds. */
const wholeNumber = (bound: typeof PER_MINUTE, key: string) =>
  z.string().trim().regex(/^\d+$/, key).transform(Number).pipe(bound);

/** One resource's row of the permission matrix. */
const ACTIONS = z.object({ read: z.boolean(), write: z.boolean() });

/** What the form holds: the contract's fields as the inputs give them (text, '' for "none"). */
const createKeyFormSchema = z.object({
  // A blank name is refused with 'Заполните название ключа' (keyNameRequired).
  name: createApiKeyInputSchema.shape.name,
  description: z.string().trim().max(DESCRIPTION_MAX),
  service: apiKeyServiceSchema,
  permissions: z
    .object({
      contacts: ACTIONS,
      messages: ACTIONS,
      knowledge_base: ACTIONS,
      ai_models: ACTIONS,
    } satisfies Record<keyof Matrix, typeof ACTIONS>)
    .refine((matrix) => matrixToPermissions(matrix).length > 0, 'permissionsRequired'),
  requestsPerMinute: wholeNumber(PER_MINUTE, 'perMinuteInvalid'),
  requestsPerDay: wholeNumber(PER_DAY, 'perDayInvalid'),
  expiresOn: z.string().refine((day) => {
    if (day === '') return true;
    const end = endOfDayIso(day);
    return end !== null && Date.parse(end) > Date.now();
  }, 'expiresInPast'),
});
type CreateKeyFormInput = z.input<typeof createKeyFormSchema>;
type CreateKeyFormValues = z.output<typeof createKeyFormSchema>;
type FormFieldName = FieldPath<CreateKeyFormInput>;

function emptyForm(): CreateKeyFormInput {
  return {
    name: '',
    description: '',
    service: 'doppel_api',
    permissions: defaultPermissionMatrix(),
    requestsPerMinute: String(DEFAULT_API_KEY_RATE_LIMIT.requestsPerMinute),
    requestsPerDay: String(DEFAULT_API_KEY_RATE_LIMIT.requestsPerDay),
    expiresOn: '',
  };
}

/** Server field paths → form fields. */
const SERVER_FIELDS: Record<string, FormFieldName> = {
  name: 'name',
  description: 'description',
  service: 'service',
  permissions: 'permissions',
  'rateLimit.requestsPerMinute': 'requestsPerMinute',
  'rateLimit.requestsPerDay': 'requestsPerDay',
  expiresAt: 'expiresOn',
};

/** Fields whose every problem reads the same, whatever the schema's own message. */
const FIELD_MESSAGES: Partial<Record<FormFieldName, string>> = {
  requestsPerMinute: 'perMinuteInvalid',
  requestsPerDay: 'perDayInvalid',
};

const textareaClasses =
  'min-h-20 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new key with its full text: the page keeps it for this view. */
  onCreated: (created: CreatedApiKey) => void;
}

/**
 * The create-key form in a dialog: name, description, service, the default-access
 * statement, the permission matrix, limits and expiry. On success the same dialog shows the
 * new key, once, with reveal and copy.
 */
export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: CreateApiKeyDialogProps) {
  const { t } = useTranslation('apiKeys');
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      busy={create.isPending}
      title={created ? t('created.title') : t('form.title')}
      description={created ? t('created.description', { name: created.name }) : t('form.description')}
      closeLabel={t('form.close')}
      className="md:max-w-2xl"
    >
      {created ? (
        <CreatedKey created={created} onDone={() => close(false)} />
      ) : (
        <CreateKeyForm
          create={create}
          onCancel={() => close(false)}
          onCreated={(key) => {
            setCreated(key);
            onCreated(key);
          }}
        />
      )}
    </FormDialog>
  );
}

function CreateKeyForm({
  create,
  onCancel,
  onCreated,
}: {
  create: ReturnType<typeof useCreateApiKey>;
  onCancel: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { t, i18n } = useTranslation('apiKeys');
  const { form, field, showServerErrors } = useZodForm<CreateKeyFormInput, CreateKeyFormValues>(
    createKeyFormSchema,
    {
      messages: 'apiKey',
      defaultValues: emptyForm(),
    },
  );
  const message = useFieldMessage('apiKey', (key) => ({
    max:
      key === 'nameTooLong'
        ? NAME_MAX
        : formatCount((key === 'perDayInvalid' ? PER_DAY.maxValue : PER_MINUTE.maxValue) ?? 0, i18n.language),
  }));
  /** The text for a field's problem: the schema's or the server's message key, read in the dictionary. */
  const problem = (name: FormFieldName): string | undefined => {
    const error = form.getFieldState(name, form.formState).error;
    if (!error) return undefined;
    if (name === 'name' && error.type === 'too_big') return message('nameTooLong');
    return message(FIELD_MESSAGES[name] ?? error);
  };

  const submit = form.handleSubmit(async (values) => {
    const expiresAt = values.expiresOn ? endOfDayIso(values.expiresOn) : null;
    let created: CreatedApiKey;
    try {
      created = await create.mutateAsync({
        name: values.name,
        description: values.description,
        service: values.service,
        permissions: matrixToPermissions(values.permissions),
        rateLimit: { requestsPerMinute: values.requestsPerMinute, requestsPerDay: values.requestsPerDay },
        ...(expiresAt ? { expiresAt } : {}),
      });
    } catch (error) {
      // The mutation toasts the failure; fields the server named are marked too.
      showServerErrors(error, SERVER_FIELDS);
      return;
    }
    onCreated(created);
  });

  const busy = form.formState.isSubmitting || create.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2">
        <FormField label={t('form.name')} error={problem('name')} className="md:col-span-2">
          {(control) => (
            <Input
              {...control}
              maxLength={NAME_MAX}
              autoComplete="off"
              placeholder={t('form.namePlaceholder')}
              {...field('name')}
            />
          )}
        </FormField>
        <FormField
          label={t('form.descriptionLabel')}
          error={problem('description')}
          className="md:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={DESCRIPTION_MAX}
              className={textareaClasses}
              {...field('description')}
            />
          )}
        </FormField>
        <FormField label={t('form.service')} error={problem('service')} className="md:col-span-2">
          {(control) => (
            <Select {...control} {...field('service')}>
              {apiKeyServices.map((service) => (
                <option key={service} value={service}>
                  {t(`services.${service}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        <Notice size="sm" className="md:col-span-2">
          <Info aria-hidden="true" />
          <p>{t('form.defaultAccess')}</p>
        </Notice>
        <div className="md:col-span-2">
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <PermissionMatrix
                value={field.value}
                onChange={(next) => {
                  form.clearErrors('permissions');
                  field.onChange(next);
                }}
                error={problem('permissions')}
              />
            )}
          />
        </div>

        <FormField label={t('form.perMinute')} error={problem('requestsPerMinute')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={PER_MINUTE.maxValue ?? undefined}
              step={1}
              {...field('requestsPerMinute')}
            />
          )}
        </FormField>
        <FormField label={t('form.perDay')} error={problem('requestsPerDay')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={PER_DAY.maxValue ?? undefined}
              step={1}
              {...field('requestsPerDay')}
            />
          )}
        </FormField>
        <FormField
          label={t('form.expiresOn')}
          hint={t('form.expiresHint')}
          error={problem('expiresOn')}
          className="md:col-span-2"
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              min={todayInputValue()}
              className="md:max-w-56"
              {...field('expiresOn')}
            />
          )}
        </FormField>
      </div>
      <FormActions
        busy={busy}
        onCancel={onCancel}
        cancelLabel={t('form.cancel')}
        submitLabel={busy ? t('form.submitting') : t('form.submit')}
      />
    </form>
  );
}

/** The new key, this once: a warning, the value with reveal and copy, and Done. */
function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <>
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        <Notice variant="warning">
          <TriangleAlert aria-hidden="true" />
          <p>{t('created.warning')}</p>
        </Notice>
        <KeySecret preview={created.keyPreview} fullKey={created.fullKey} autoFocus />
      </div>
      <div className="flex justify-end border-t px-5 py-3">
        <Button onClick={onDone}>{t('created.done')}</Button>
      </div>
    </>
  );
}
