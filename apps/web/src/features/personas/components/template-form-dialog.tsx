import {
  fillMessageTemplate,
  messageTemplateFieldsSchema,
  templatePlatforms,
  type MessageTemplate,
  type UpdateMessageTemplateInput,
} from '@doppel/contracts';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { notifyError } from '@/lib/notify';
import { useCreateTemplate, useUpdateTemplate } from '../api/personas-api';
import { platformLabel } from '../utils/platform-label';
import { sameValue } from '../utils/persona-fields';
import { ChipsEditor, TEXTAREA_CLASSES } from './field-controls';

/** The sample contact the preview fills the placeholders from (a person's and a company's name). */
export const PREVIEW_CONTACT = { name: 'Anna Schneider', company: 'Nordlicht Ventures' } as const;

const VARIABLE_NAME = /^\w{1,50}$/;
const TEMPLATE_FIELDS = ['name', 'content', 'platform', 'variables'] as const;

/** The contract's template fields: a name and content (trimmed), the platform, the variables. */
type TemplateInput = z.input<typeof messageTemplateFieldsSchema>;
type TemplateDraft = z.output<typeof messageTemplateFieldsSchema>;

const EMPTY: TemplateInput = { name: '', content: '', platform: 'universal', variables: [] };

interface TemplateFormDialogProps {
  personaId: string;
  /** The template to edit; null to create one. */
  template: MessageTemplate | null;
  open: boolean;
  onClose: () => void;
}

export function TemplateFormDialog({ personaId, template, open, onClose }: TemplateFormDialogProps) {
  const { t } = useTranslation('personas');
  const create = useCreateTemplate(personaId);
  const update = useUpdateTemplate(personaId);
  const pending = create.isPending || update.isPending;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent closeLabel={t('form.close')}>
        <DialogHeader>
          <DialogTitle>{template ? t('templates.editTitle') : t('templates.createTitle')}</DialogTitle>
          <DialogDescription>{t('templates.formDescription')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <TemplateForm
            key={template?.id ?? 'new'}
            template={template}
            busy={pending}
            onCancel={onClose}
            onSubmit={async (draft) => {
              if (template) {
                const changes: UpdateMessageTemplateInput = {};
                for (const field of TEMPLATE_FIELDS) {
                  if (!sameValue(draft[field], template[field]))
                    Object.assign(changes, { [field]: draft[field] });
                }
                if (Object.keys(changes).length > 0) await update.mutateAsync({ id: template.id, changes });
              } else {
                await create.mutateAsync(draft);
              }
              onClose();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({
  template,
  busy,
  onCancel,
  onSubmit,
}: {
  template: MessageTemplate | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (draft: TemplateDraft) => Promise<void>;
}) {
  const { t } = useTranslation('personas');
  const { form, errorText, field, showServerErrors } = useZodForm<TemplateInput, TemplateDraft>(
    messageTemplateFieldsSchema,
    {
      messages: 'persona',
      defaultValues: template
        ? {
            name: template.name,
            content: template.content,
            platform: template.platform,
            variables: [...template.variables],
          }
        : EMPTY,
    },
  );
  const previewId = useId();
  const content = useWatch({ control: form.control, name: 'content' });

  const preview = fillMessageTemplate(content, {
    ...PREVIEW_CONTACT,
    message: t('templates.sampleMessage'),
  });

  const submit = form.handleSubmit(async (draft) => {
    try {
      await onSubmit(draft);
    } catch (error) {
      if (!showServerErrors(error, TEMPLATE_FIELDS)) notifyError(error, t('errors.saveTemplate'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2">
        <FormField label={t('templates.name')} error={errorText('name')}>
          {(control) => <Input {...control} maxLength={200} autoComplete="off" {...field('name')} />}
        </FormField>
        <FormField label={t('templates.platform')} error={errorText('platform')}>
          {(control) => (
            <Select {...control} {...field('platform')}>
              {templatePlatforms.map((platform) => (
                <option key={platform} value={platform}>
                  {platformLabel(platform, t)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t('templates.content')}
          hint={t('templates.contentHint')}
          error={errorText('content')}
          className="md:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={5000}
              className={TEXTAREA_CLASSES}
              {...field('content')}
            />
          )}
        </FormField>
        <div className="md:col-span-2">
          <Controller
            control={form.control}
            name="variables"
            render={({ field: variables }) => (
              <ChipsEditor
                label={t('templates.variables')}
                items={variables.value}
                maxLength={50}
                error={errorText('variables')}
                validate={(item) => (VARIABLE_NAME.test(item) ? undefined : t('errors.variableName'))}
                onChange={(items) => {
                  form.clearErrors('variables');
                  variables.onChange(items);
                }}
              />
            )}
          />
        </div>
        <section
          aria-labelledby={previewId}
          className="grid gap-1.5 rounded-lg border bg-subtle p-3 md:col-span-2"
        >
          <h3 id={previewId} className="text-sm font-medium">
            {t('templates.preview')}
          </h3>
          <p className="text-xs text-muted-foreground">
            {t('templates.previewHint', { name: PREVIEW_CONTACT.name, company: PREVIEW_CONTACT.company })}
          </p>
          <p data-testid="template-preview" className="text-sm whitespace-pre-line">
            {preview || <span className="text-muted-foreground italic">{t('templates.previewEmpty')}</span>}
          </p>
        </section>
      </div>
      <FormActions
        busy={busy}
        onCancel={onCancel}
        cancelLabel={t('form.cancel')}
        submitLabel={template ? t('templates.save') : t('templates.submit')}
      />
    </form>
  );
}
