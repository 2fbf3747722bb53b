import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { messageKey } from './field-messages';
import { FormField } from './form-field';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  fullName: z.string().trim().min(1, 'nameRequired'),
  email: z.string().trim().min(1, 'emailRequired'),
});
type Values = z.infer<typeof schema>;

function ProfileForm({ save }: { save: (values: Values) => Promise<void> }) {
  const { form, errorText, field, showServerErrors } = useZodForm<Values, Values>(schema, {
    messages: 'auth',
    defaultValues: { fullName: '', email: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      showServerErrors(error, ['fullName', 'email']);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <FormField label="Name" error={errorText('fullName')}>
        {(control) => <input {...control} {...field('fullName')} />}
      </FormField>
      <FormField label="Email" error={errorText('email')}>
        {(control) => <input {...control} {...field('email')} />}
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('the form kit', () => {
  it("shows the schema's problems on submit, under their fields, and drops one once it is edited", async () => {
    const save = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<ProfileForm save={save} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name is required',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
    expect(save).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
  });

  it("shows the server's field error under the field it names, in the interface language", async () => {
    const save = vi.fn(() =>
      Promise.reject(new ApiError('validation_failed', 'Invalid', 400, { email: 'emailInvalid' })),
    );
    const user = userEvent.setup();
    render(<ProfileForm save={save} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please enter a valid email',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAccessibleDescription();
    expect(save).toHaveBeenCalledWith({ fullName: 'Ada', email: 'ada@example' });
  });
});

describe('the message dictionary', () => {
  const exists = (key: string) => i18n.exists(key);

  it("reads a key in its form's texts, through an alias, or by the zod issue's code", () => {
    expect(messageKey('lead', { message: 'leadNameRequired' }, exists).key).toBe(
      'campaignDetail:addLead.errors.nameRequired',
    );
    expect(
      messageKey('lead', { message: 'Too big: expected at most 200', type: 'too_big' }, exists).key,
    ).toBe('campaignDetail:addLead.errors.tooLong');
    expect(messageKey('task', { message: 'titleRequired' }, exists).key).toBe(
      'tasksBoard:form.errors.titleRequired',
    );
  });

  it('asks the next scope for a key unknown here, and falls back to the scope’s catch-all text', () => {
    expect(messageKey('jobChangeImport', { message: 'fileRequired' }, exists).key).toBe(
      'signals:jobChanges.import.noFile',
    );
    expect(messageKey('jobChangeImport', { message: 'csvTooLarge' }, exists).key).toBe(
      'signals:validation.csvTooLarge',
    );
    expect(messageKey('signal', { message: 'nameRequired' }, exists).key).toBe('auth:nameRequired');
    expect(messageKey('messenger', { message: 'somethingElse' }, exists).key).toBe(
      'messengers:dialog.fieldInvalid',
    );
    // A scope with a key list reads nothing else under its prefix, even a text that exists there.
    expect(messageKey('messenger', { message: 'title' }, exists).key).toBe('messengers:dialog.fieldInvalid');
  });
});
