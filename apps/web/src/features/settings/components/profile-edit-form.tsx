import { signUpInputSchema, type UpdateProfileInput, type User } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/components/form/use-zod-form';
import { useUpdateProfile } from '../api/get-me';

const profileFormSchema = signUpInputSchema.pick({ fullName: true, email: true });
type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormValues = z.output<typeof profileFormSchema>;

/** Name and email with Cancel and Save; only changed fields are sent. */
export function ProfileEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const { form, errorText, field, showServerErrors } = useZodForm<ProfileFormInput, ProfileFormValues>(
    profileFormSchema,
    {
      messages: 'auth',
      defaultValues: { fullName: user.fullName ?? user.name, email: user.email },
    },
  );

  const submit = form.handleSubmit(async (values) => {
    const patch: UpdateProfileInput = {};
    if (values.fullName !== (user.fullName ?? user.name)) patch.fullName = values.fullName;
    if (values.email !== user.email.toLowerCase()) patch.email = values.email;
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync(patch);
      notifySuccess(t('profile.updated'));
      onDone();
    } catch (error) {
      if (showServerErrors(error, ['fullName', 'email'])) return;
      notifyError(error, t('profile.updateFailed'));
    }
  });

  const busy = form.formState.isSubmitting || update.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-lg border p-4"
      aria-label={t('profile.editFormLabel')}
    >
      <FormField label={t('profile.name')} error={errorText('fullName')}>
        {(control) => <Input {...control} autoComplete="name" {...field('fullName')} />}
      </FormField>
      <FormField label={t('profile.email')} error={errorText('email')} hint={t('profile.emailHint')}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" {...field('email')} />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
