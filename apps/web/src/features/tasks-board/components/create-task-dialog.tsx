import {
  createTaskInputSchema,
  taskPriorities,
  taskPrioritySchema,
  taskTypes,
  taskTypeSchema,
} from '@doppel/contracts';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { FormActions } from '@/components/form/form-actions';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateTask } from '@/lib/task-api';
import { useZodForm } from '@/components/form/use-zod-form';
import { dueDayToIso } from '../utils/due-date';
import { ContactPicker } from './contact-picker';

/** The contract's title and description limits, mirrored on the inputs so they cannot be exceeded. */
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 5000;

/** What the form holds: the contract's fields as the inputs give them ('' for "none"). */
const createTaskFormSchema = z.object({
  title: createTaskInputSchema.shape.title,
  type: taskTypeSchema,
  priority: taskPrioritySchema,
  description: z.string().trim().max(DESCRIPTION_MAX, 'descriptionTooLong'),
  contactId: z.string(),
  dueDate: z.string().refine((day) => day === '' || dueDayToIso(day) !== null, 'dueDateInvalid'),
});
type CreateTaskFormInput = z.input<typeof createTaskFormSchema>;
type CreateTaskFormValues = z.output<typeof createTaskFormSchema>;
type FormFieldName = FieldPath<CreateTaskFormInput>;

const EMPTY_FORM: CreateTaskFormInput = {
  title: '',
  type: 'message_reply',
  priority: 'medium',
  description: '',
  contactId: '',
  dueDate: '',
};

/** Server field names → form fields; the server knows the due date as an instant, dueAt. */
const SERVER_FIELDS: Record<string, FormFieldName> = {
  title: 'title',
  type: 'type',
  priority: 'priority',
  description: 'description',
  contactId: 'contactId',
  dueAt: 'dueDate',
};

const textareaClasses =
  'min-h-24 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the task was created (the success toast is already on its way). */
  onCreated: () => void;
}

/** The board's create-task form in a dialog: POST /api/tasks, then the product's toast. */
export function CreateTaskDialog({ open, onOpenChange, onCreated }: CreateTaskDialogProps) {
  const { t } = useTranslation('tasksBoard');
  const create = useCreateTask();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t('form.title')}
      description={t('form.description')}
      closeLabel={t('form.close')}
    >
      <CreateTaskForm
        create={create}
        onCancel={() => onOpenChange(false)}
        onCreated={() => {
          onOpenChange(false);
          onCreated();
        }}
      />
    </FormDialog>
  );
}

function CreateTaskForm({
  create,
  onCancel,
  onCreated,
}: {
  create: ReturnType<typeof useCreateTask>;
  onCancel: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation(['tasksBoard', 'tasks']);
  const { form, errorText, field, showServerErrors } = useZodForm<CreateTaskFormInput, CreateTaskFormValues>(
    createTaskFormSchema,
    {
      messages: 'task',
      defaultValues: EMPTY_FORM,
    },
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        title: values.title,
        type: values.type,
        priority: values.priority,
        description: values.description,
        contactId: values.contactId || null,
        dueAt: values.dueDate ? dueDayToIso(values.dueDate) : null,
      });
    } catch (error) {
      // The mutation toasts the failure; fields the server named are marked too.
      showServerErrors(error, SERVER_FIELDS);
      return;
    }
    onCreated();
  });

  const busy = form.formState.isSubmitting || create.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2">
        <FormField label={t('form.titleLabel')} error={errorText('title')} className="md:col-span-2">
          {(control) => <Input {...control} maxLength={TITLE_MAX} autoComplete="off" {...field('title')} />}
        </FormField>
        <FormField label={t('form.typeLabel')} error={errorText('type')}>
          {(control) => (
            <Select {...control} {...field('type')}>
              {taskTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`tasks:type.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('form.priorityLabel')} error={errorText('priority')}>
          {(control) => (
            <Select {...control} {...field('priority')}>
              {taskPriorities.map((priority) => (
                <option key={priority} value={priority}>
                  {t(`tasks:priority.${priority}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t('form.descriptionLabel')}
          error={errorText('description')}
          className="md:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={DESCRIPTION_MAX}
              className={textareaClasses}
              {...field('description')}
            />
          )}
        </FormField>
        <FormField label={t('form.contactLabel')} hint={t('form.contactHint')} error={errorText('contactId')}>
          {(control) => (
            <Controller
              control={form.control}
              name="contactId"
              render={({ field }) => (
                <ContactPicker
                  control={control}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(id) => {
                    form.clearErrors('contactId');
                    field.onChange(id);
                  }}
                />
              )}
            />
          )}
        </FormField>
        <FormField label={t('form.dueLabel')} hint={t('form.dueHint')} error={errorText('dueDate')}>
          {(control) => <Input {...control} type="date" {...field('dueDate')} />}
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
