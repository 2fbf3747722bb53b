import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@doppel/contracts';
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';

/** Message keys the contracts' zod schemas (and the server's `fields`) use; they live in the auth namespace. */
const validationKeys = [
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'passwordTooShort',
  'passwordTooLong',
  'nameRequired',
  'nameTooLong',
] as const;
type ValidationKey = (typeof validationKeys)[number];

function isValidationKey(key: string): key is ValidationKey {
  return (validationKeys as readonly string[]).includes(key);
}

/** Turns a schema message key into text in the interface language. */
export function useValidationMessage(): (key: string | undefined) => string | undefined {
  const { t } = useTranslation('auth');
  return useCallback(
    (key) => {
      if (!key) return undefined;
      if (isValidationKey(key)) return t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
      return t('invalidField');
    },
    [t],
  );
}

/**
 * Shows the server's field problems (validation_failed) under the matching inputs.
 * Returns whether any field got an error, so the caller can skip the generic toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const name = fieldNames.find((field) => field === path);
    if (!name) continue;
    setError(name, { type: 'server', message });
    applied = true;
  }
  return applied;
}
