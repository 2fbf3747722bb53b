import { createLeadInputSchema, type CreateLeadInput } from '@doppel/contracts';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCreateLead } from '../../api/campaign-detail-api';

/** What the inputs hold: text in every field. */
interface FormInput {
  name: string;
  company: string;
  position: string;
  email: string;
  phone: string;
  linkedinUrl: string;
}
/** Text inputs are one case of what the contract accepts; its checks and clean-up (blank → null) apply. */
const addLeadFormSchema = createLeadInputSchema as unknown as z.ZodType<CreateLeadInput, FormInput>;
type FieldName = keyof FormInput;

const EMPTY: FormInput = { name: '', company: '', position: '', email: '', phone: '', linkedinUrl: '' };
const FIELDS: ReadonlyArray<{ name: FieldName; type: string; autoComplete: string }> = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'company', type: 'text', autoComplete: 'organization' },
  { name: 'position', type: 'text', autoComplete: 'organization-title' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'linkedinUrl', type: 'url', autoComplete: 'url' },
];

/** Adds one lead by hand (source: manual input); the contract's schema checks the form. */
export function AddLeadDialog({
  campaignId,
  open,
  onOpenChange,
}: {
  campaignId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('campaignDetail');
  const create = useCreateLead(campaignId);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t('addLead.title')}
      description={t('addLead.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-lg"
    >
      {open ? <AddLeadForm create={create} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function AddLeadForm({ create, onDone }: { create: ReturnType<typeof useCreateLead>; onDone: () => void }) {
  const { t } = useTranslation('campaignDetail');
  const [duplicate, setDuplicate] = useState(false);
  const { form, errorText, field } = useZodForm<FormInput, CreateLeadInput>(addLeadFormSchema, {
    messages: 'lead',
    // Once submitted, a field is checked again as it is typed in.
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });

  const submit = form.handleSubmit(async (values) => {
    setDuplicate(false);
    try {
      await create.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setDuplicate(true);
      else notifyError(error, t('errors.addLead'));
      return;
    }
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        {duplicate ? (
          <Notice variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <p>{t('addLead.duplicate')}</p>
          </Notice>
        ) : null}
        {FIELDS.map(({ name, type, autoComplete }) => (
          <FormField key={name} label={t(`addLead.fields.${name}`)} error={errorText(name)}>
            {(control) => (
              <Input
                {...control}
                type={type}
                autoComplete={autoComplete}
                required={name === 'name'}
                {...field(name, {
                  // A pasted address often brings a space along; it is not part of the address.
                  setValueAs: (value: string) => (name === 'email' ? value.trim() : value),
                })}
              />
            )}
          </FormField>
        ))}
      </div>
      <FormActions
        busy={create.isPending}
        onCancel={onDone}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('addLead.submit')}
      />
    </form>
  );
}
