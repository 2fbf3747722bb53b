import {
  aiModelUses,
  aiProviders,
  searchModelProviders,
  type AiModel,
  type AiProvider,
  type UpdateAiModelInput,
} from '@doppel/contracts';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { serverFieldErrors } from '@/components/form/server-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCreateAiModel, useUpdateAiModel } from '../api/get-ai-models';
import { useProviderLabel } from './use-provider-label';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// Messages are keys under aiModels.form.errors.
const modelFormSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(100, 'nameTooLong'),
    provider: z.enum(aiProviders),
    modelId: z.string().trim().min(1, 'modelIdRequired').max(200, 'modelIdTooLong'),
    baseUrl: z.string().trim().max(500, 'baseUrlTooLong'),
    // Undefined while the input is disabled by "remove the saved key".
    apiKey: z.string().max(1000, 'apiKeyTooLong').optional(),
    clearKey: z.boolean(),
    useFor: z.enum(aiModelUses),
  })
  .superRefine((values, ctx) => {
    if (values.baseUrl === '') {
      if (values.provider === 'openai-compatible') {
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'baseUrlRequired' });
      }
    } else if (!isHttpUrl(values.baseUrl)) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'baseUrlInvalid' });
    }
  });
type ModelFormInput = z.input<typeof modelFormSchema>;
type ModelFormValues = z.output<typeof modelFormSchema>;
const FIELDS = ['name', 'provider', 'modelId', 'baseUrl', 'apiKey'] as const;

interface AiModelFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user model to configure; none to add a new one. */
  model?: AiModel | undefined;
}

/** Add or configure a user's model. A saved key is never shown: empty keeps it, "remove" clears it. */
export function AiModelFormDialog({ open, onOpenChange, model }: AiModelFormDialogProps) {
  const { t } = useTranslation('settings');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('aiModels.form.close')} className="md:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {model ? t('aiModels.form.editTitle', { name: model.name }) : t('aiModels.form.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('aiModels.form.description')}</DialogDescription>
        </DialogHeader>
        {open ? <ModelForm model={model} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ModelForm({ model, onDone }: { model?: AiModel | undefined; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const providerLabel = useProviderLabel();
  const clearKeyId = useId();
  const create = useCreateAiModel();
  const update = useUpdateAiModel();
  const { form, errorText, field } = useZodForm<ModelFormInput, ModelFormValues>(modelFormSchema, {
    messages: 'aiModel',
    defaultValues: {
      name: model?.name ?? '',
      provider: model && model.provider !== 'offline' ? model.provider : 'openai-compatible',
      modelId: model?.modelId ?? '',
      baseUrl: model?.baseUrl ?? '',
      apiKey: '',
      clearKey: false,
      useFor: model?.useFor ?? 'writing',
    },
  });
  const clearKey = useWatch({ control: form.control, name: 'clearKey' });
  const provider = useWatch({ control: form.control, name: 'provider' });
  const useFor = useWatch({ control: form.control, name: 'useFor' });
  // A search model is an embedding model: only providers that have them are offered.
  const providers: readonly AiProvider[] = useFor === 'search' ? searchModelProviders : aiProviders;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (model) {
        const changes: UpdateAiModelInput = {
          name: values.name,
          provider: values.provider,
          modelId: values.modelId,
          baseUrl: values.baseUrl || null,
        };
        // Omitting the key keeps the saved one; an empty string removes it.
        if (values.clearKey) changes.apiKey = '';
        else if (values.apiKey) changes.apiKey = values.apiKey;
        await update.mutateAsync({ id: model.id, changes });
        notifySuccess(t('aiModels.form.updated'));
      } else {
        await create.mutateAsync({
          name: values.name,
          provider: values.provider,
          modelId: values.modelId,
          ...(values.baseUrl ? { baseUrl: values.baseUrl } : {}),
          ...(values.apiKey ? { apiKey: values.apiKey } : {}),
          useFor: values.useFor,
        });
        notifySuccess(t('aiModels.form.created'));
      }
      onDone();
    } catch (error) {
      // The server's own keys are not the form's: a named base URL is a missing one, the rest invalid.
      const named = Object.keys(serverFieldErrors(error, FIELDS)) as Array<(typeof FIELDS)[number]>;
      for (const name of named)
        form.setError(name, { type: 'server', message: name === 'baseUrl' ? 'baseUrlRequired' : 'invalid' });
      if (named.length > 0) return;
      notifyError(error, model ? t('aiModels.form.updateFailed') : t('aiModels.form.createFailed'));
    }
  });

  const busy = form.formState.isSubmitting || create.isPending || update.isPending;
  const keyHint = model?.hasApiKey ? t('aiModels.form.apiKeyKeepHint') : t('aiModels.form.apiKeyHint');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 overflow-y-auto p-5">
      {model ? null : (
        // Chosen once: a search model's vectors only compare with its own.
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('aiModels.form.useFor')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {aiModelUses.map((use) => (
              <label
                key={use}
                className="flex min-h-11 cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  value={use}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...field('useFor', {
                    onChange: () => {
                      if (use === 'search' && provider === 'anthropic') form.setValue('provider', 'openai');
                    },
                  })}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{t(`aiModels.form.uses.${use}.label`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`aiModels.form.uses.${use}.hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <FormField label={t('aiModels.form.name')} error={errorText('name')}>
        {(control) => <Input {...control} autoComplete="off" {...field('name')} />}
      </FormField>
      <FormField label={t('aiModels.form.provider')} error={errorText('provider')}>
        {(control) => (
          <Select {...control} {...field('provider')}>
            {providers.map((value: AiProvider) => (
              <option key={value} value={value}>
                {providerLabel(value)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        label={t('aiModels.form.modelId')}
        hint={useFor === 'search' ? t('aiModels.form.modelIdSearchHint') : t('aiModels.form.modelIdHint')}
        error={errorText('modelId')}
      >
        {(control) => <Input {...control} autoComplete="off" spellCheck={false} {...field('modelId')} />}
      </FormField>
      <FormField
        label={t('aiModels.form.baseUrl')}
        hint={
          provider === 'openai-compatible'
            ? t('aiModels.form.baseUrlRequiredHint')
            : t('aiModels.form.baseUrlHint')
        }
        error={errorText('baseUrl')}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            {...field('baseUrl')}
          />
        )}
      </FormField>
      <FormField label={t('aiModels.form.apiKey')} hint={keyHint} error={errorText('apiKey')}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            disabled={clearKey}
            {...field('apiKey')}
          />
        )}
      </FormField>
      {model?.hasApiKey ? (
        <div className="flex min-h-11 items-center gap-3 md:min-h-0">
          {/* Native: Radix's checkbox inside a form measures itself with ResizeObserver for no gain here. */}
          <input
            id={clearKeyId}
            type="checkbox"
            className="size-5 shrink-0 accent-primary md:size-4"
            {...field('clearKey')}
          />
          <Label htmlFor={clearKeyId}>{t('aiModels.form.clearKey')}</Label>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {t('aiModels.form.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? t('aiModels.form.saving') : model ? t('aiModels.form.save') : t('aiModels.form.add')}
        </Button>
      </div>
    </form>
  );
}
