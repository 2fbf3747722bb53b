import { personaDomainTypes, personaFieldsSchema, type Persona } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { FormActions } from '@/components/form/form-actions';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { notifyError } from '@/lib/notify';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCreatePersona } from '../api/personas-api';
import { TEXTAREA_CLASSES } from './field-controls';

const createPersonaFormSchema = personaFieldsSchema.pick({
  name: true,
  position: true,
  companyName: true,
  domainType: true,
  description: true,
});
type CreatePersonaForm = z.input<typeof createPersonaFormSchema>;
type CreatePersonaValues = z.output<typeof createPersonaFormSchema>;
const FORM_FIELDS = ['name', 'position', 'companyName', 'domainType', 'description'] as const;

const EMPTY_FORM: CreatePersonaForm = {
  name: '',
  position: '',
  companyName: '',
  domainType: 'business',
  description: '',
};

interface CreatePersonaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the persona was created: the page shows it. */
  onCreated: (persona: Persona) => void;
}

/** The create-persona form in a dialog: POST /api/personas with the few fields a start needs. */
export function CreatePersonaDialog({ open, onOpenChange, onCreated }: CreatePersonaDialogProps) {
  const { t } = useTranslation('personas');
  const create = useCreatePersona();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t('form.title')}
      description={t('form.description')}
      closeLabel={t('form.close')}
    >
      <CreatePersonaForm
        create={create}
        onCancel={() => onOpenChange(false)}
        onCreated={(persona) => {
          onOpenChange(false);
          onCreated(persona);
        }}
      />
    </FormDialog>
  );
}

function CreatePersonaForm({
  create,
  onCancel,
  onCreated,
}: {
  create: ReturnType<typeof useCreatePersona>;
  onCancel: () => void;
  onCreated: (persona: Persona) => void;
}) {
  const { t } = useTranslation('personas');
  const { form, errorText, field, showServerErrors } = useZodForm<CreatePersonaForm, CreatePersonaValues>(
    createPersonaFormSchema,
    {
      messages: 'persona',
      defaultValues: EMPTY_FORM,
    },
  );

  const submit = form.handleSubmit(async (values) => {
    let persona: Persona;
    try {
      persona = await create.mutateAsync(values);
    } catch (error) {
      if (!showServerErrors(error, FORM_FIELDS)) notifyError(error, t('errors.create'));
      return;
    }
    onCreated(persona);
  });

  const busy = form.formState.isSubmitting || create.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2">
        <FormField label={t('fields.name')} error={errorText('name')} className="md:col-span-2">
          {(control) => (
            <Input {...control} maxLength={200} autoComplete="off" aria-required="true" {...field('name')} />
          )}
        </FormField>
        <FormField label={t('fields.position')} error={errorText('position')}>
          {(control) => <Input {...control} maxLength={300} autoComplete="off" {...field('position')} />}
        </FormField>
        <FormField label={t('fields.companyName')} error={errorText('companyName')}>
          {(control) => <Input {...control} maxLength={300} autoComplete="off" {...field('companyName')} />}
        </FormField>
        <FormField label={t('fields.domainType')} error={errorText('domainType')}>
          {(control) => (
            <Select {...control} {...field('domainType')}>
              {personaDomainTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`domainType.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('fields.description')} error={errorText('description')} className="md:col-span-2">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={5000}
              className={TEXTAREA_CLASSES}
              {...field('description')}
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
