import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';

/** The contract's limits, mirrored on the inputs so they cannot be exceeded. */
const NAME_MAX = 200;
const CONTENT_MAX = 100_000;

const textareaClasses =
  'min-h-40 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive disabled:opacity-50 md:text-sm';

/** A written note: an optional name and the text. */
export function ThoughtTab({
  nameInput,
  nameError,
  contentInput,
  contentError,
  disabled,
}: {
  /** The form's registrations of the two fields, and their problems, already translated. */
  nameInput: UseFormRegisterReturn;
  nameError: string | undefined;
  contentInput: UseFormRegisterReturn;
  contentError: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation('knowledge');
  return (
    <div className="grid gap-4">
      <FormField label={t('thought.name')} error={nameError}>
        {(control) => (
          <Input {...control} maxLength={NAME_MAX} autoComplete="off" disabled={disabled} {...nameInput} />
        )}
      </FormField>
      <FormField label={t('thought.content')} hint={t('thought.hint')} error={contentError}>
        {(control) => (
          <textarea
            {...control}
            rows={8}
            maxLength={CONTENT_MAX}
            disabled={disabled}
            className={textareaClasses}
            {...contentInput}
          />
        )}
      </FormField>
    </div>
  );
}
