import {
  CONTENT_CADENCE_MAX,
  CONTENT_CADENCE_MIN,
  signalPlatforms,
  type SignalPlatform,
} from '@doppel/contracts';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '@/components/form/field-messages';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { PLATFORM_NAMES } from '../utils/untranslated';
import { signalMessageValues } from './signal-messages';

/** Keywords typed in one field, separated by commas; the hint says what none means. */
export function KeywordsField({
  input,
  error,
  hint,
  disabled,
}: {
  /** The form's registration of the field. */
  input: UseFormRegisterReturn;
  error: string | undefined;
  hint: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('signals');
  return (
    <FormField label={t('fields.keywords')} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          placeholder={t('fields.keywordsPlaceholder')}
          disabled={disabled}
          {...input}
        />
      )}
    </FormField>
  );
}

/** The optional name of a source; the server names it when left empty. */
export function NameField({
  input,
  error,
  hint,
  disabled,
  required = false,
}: {
  input: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string;
  disabled: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation('signals');
  return (
    <FormField label={required ? t('fields.name') : t('fields.nameOptional')} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          maxLength={200}
          autoComplete="off"
          aria-required={required || undefined}
          disabled={disabled}
          {...input}
        />
      )}
    </FormField>
  );
}

/**
 * Posts proposed per week, 1–14. Kept as typed, so an empty field can say it is empty; an empty
 * or fractional count has no message of its own, so any problem reads as out of the range.
 */
export function CadenceField({
  input,
  invalid,
  disabled,
}: {
  input: UseFormRegisterReturn;
  invalid: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('signals');
  const message = useFieldMessage('signal', signalMessageValues);
  return (
    <FormField
      label={t('fields.cadence')}
      hint={t('fields.cadenceHint', { min: CONTENT_CADENCE_MIN, max: CONTENT_CADENCE_MAX })}
      error={invalid ? message('cadenceRange') : undefined}
    >
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={CONTENT_CADENCE_MIN}
          max={CONTENT_CADENCE_MAX}
          step={1}
          aria-required="true"
          disabled={disabled}
          className="md:w-32"
          {...input}
        />
      )}
    </FormField>
  );
}

/** Where the content plan proposes posts: LinkedIn, Reddit or both (alternating). */
export function PlatformsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: SignalPlatform[];
  onChange: (value: SignalPlatform[]) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation('signals');
  const legendId = useId();
  const errorId = useId();
  return (
    <fieldset
      className="grid gap-2"
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend id={legendId} className="mb-1 text-sm leading-none font-medium">
        {t('fields.platforms')}
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {signalPlatforms.map((platform) => (
          // The label is the touch target: 44 px tall on phones.
          <label key={platform} className="flex min-h-11 items-center gap-2 text-sm md:min-h-8">
            {/* Native: Radix's checkbox inside a form measures itself with ResizeObserver for no gain here. */}
            <input
              type="checkbox"
              checked={value.includes(platform)}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? signalPlatforms.filter((known) => known === platform || value.includes(known))
                    : value.filter((known) => known !== platform),
                )
              }
              className="size-5 accent-primary md:size-4"
            />
            {PLATFORM_NAMES[platform]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
