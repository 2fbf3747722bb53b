import {
  fillMessageTemplate,
  templatePlatforms,
  type MessageTemplate,
  type TemplatePlatform,
  type UpdateMessageTemplateInput,
} from '@doppel/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useCreateTemplate, useUpdateTemplate } from '../api/personas-api';
import { platformLabel } from '../utils/platform-label';
import { sameValue, serverFieldErrors, type FieldErrors } from '../utils/persona-fields';
import { ChipsEditor, TEXTAREA_CLASSES } from './field-controls';

/** The sample contact the preview fills the placeholders from (a person's and a company's name). */
export const PREVIEW_CONTACT = { name: 'Anna Schneider', company: 'Nordlicht Ventures' } as const;

const VARIABLE_NAME = /^\w{1,50}$/;
const TEMPLATE_FIELDS = ['name', 'content', 'platform', 'variables'] as const;

interface TemplateDraft {
  name: string;
  content: string;
  platform: TemplatePlatform;
  variables: string[];
}

const EMPTY: TemplateDraft = { name: '', content: '', platform: 'universal', variables: [] };

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
  const [draft, setDraft] = useState<TemplateDraft>(() =>
    template
      ? {
          name: template.name,
          content: template.content,
          platform: template.platform,
          variables: [...template.variables],
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const previewId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof TemplateDraft>(field: K, value: TemplateDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const message = (field: keyof TemplateDraft) =>
    errors[field] ? t(`errors.${errors[field]}` as 'errors.invalid') : undefined;

  const preview = fillMessageTemplate(draft.content, {
    ...PREVIEW_CONTACT,
    message: t('templates.sampleMessage'),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean: TemplateDraft = { ...draft, name: draft.name.trim(), content: draft.content.trim() };
    const problems: FieldErrors = {};
    if (!clean.name) problems.name = 'nameRequired';
    if (!clean.content) problems.content = 'contentRequired';
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    try {
      await onSubmit(clean);
    } catch (error) {
      const fields =
        isApiError(error) && error.fields ? serverFieldErrors(error.fields, TEMPLATE_FIELDS) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyError(error, t('errors.saveTemplate'));
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2">
        <FormField label={t('templates.name')} error={message('name')}>
          {(control) => (
            <Input
              {...control}
              maxLength={200}
              autoComplete="off"
              value={draft.name}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('templates.platform')} error={message('platform')}>
          {(control) => (
            <Select
              {...control}
              value={draft.platform}
              onChange={(event) => set('platform', event.target.value as TemplatePlatform)}
            >
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
          error={message('content')}
          className="md:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={5000}
              className={TEXTAREA_CLASSES}
              value={draft.content}
              onChange={(event) => set('content', event.target.value)}
            />
          )}
        </FormField>
        <div className="md:col-span-2">
          <ChipsEditor
            label={t('templates.variables')}
            items={draft.variables}
            maxLength={50}
            error={message('variables')}
            validate={(item) => (VARIABLE_NAME.test(item) ? undefined : t('errors.variableName'))}
            onChange={(variables) => set('variables', variables)}
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
