import {
  CONTENT_CADENCE_MAX,
  CONTENT_CADENCE_MIN,
  JOB_CHANGE_CSV_MAX_BYTES,
  MAX_SIGNAL_KEYWORDS,
  SIGNAL_KEYWORD_MAX_LENGTH,
} from '@doppel/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { useValidationMessage } from '@/lib/validation-message';

/** Message keys the signals contracts (and the server's `fields`) use, with texts here. */
const SIGNAL_KEYS = [
  'urlRequired',
  'urlInvalid',
  'subredditInvalid',
  'keywordRequired',
  'keywordTooLong',
  'tooManyKeywords',
  'cadenceRange',
  'platformRequired',
  'newCompanyRequired',
  'dateInvalid',
  'csvRequired',
  'csvTooLarge',
  'csvInvalid',
  'nameColumnRequired',
  'newCompanyColumnRequired',
] as const;
type SignalKey = (typeof SIGNAL_KEYS)[number];

function isSignalKey(key: string): key is SignalKey {
  return (SIGNAL_KEYS as readonly string[]).includes(key);
}

/** Field → the message key of its first problem. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first problem of each top-level field of a failed zod parse (keywords.3 → keywords). */
export function issuesByField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field problems (validation_failed) among `fields`; empty when there are none. */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FieldErrors {
  if (!isApiError(error) || !error.fields) return {};
  const errors: FieldErrors = {};
  for (const [path, key] of Object.entries(error.fields)) {
    const field = path.split('.')[0]!;
    if (fields.includes(field)) errors[field] ??= key;
  }
  return errors;
}

/**
 * Turns a schema's message key into text in the interface language: the signals keys here, the
 * shared ones (nameRequired…) and anything unknown through the project's validation helper.
 */
export function useFieldMessage(): (key: string | undefined) => string | undefined {
  const { t } = useTranslation('signals');
  const shared = useValidationMessage();
  return useCallback(
    (key) => {
      if (!key) return undefined;
      if (!isSignalKey(key)) return shared(key);
      return t(`validation.${key}`, {
        min: CONTENT_CADENCE_MIN,
        max:
          key === 'keywordTooLong'
            ? SIGNAL_KEYWORD_MAX_LENGTH
            : key === 'tooManyKeywords'
              ? MAX_SIGNAL_KEYWORDS
              : key === 'csvTooLarge'
                ? JOB_CHANGE_CSV_MAX_BYTES / (1024 * 1024)
                : CONTENT_CADENCE_MAX,
      });
    },
    [t, shared],
  );
}
