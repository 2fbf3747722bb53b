import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFieldMessage, type FormMessageScope } from './field-messages';
import { serverFieldErrors, type ServerFieldMap } from './server-errors';

/** What a form's check answers: its values ready to send, or a message key per wrong field. */
export type FormCheck<Values, Output> = (
  values: Values,
) => { ok: true; values: Output } | { ok: false; errors: Partial<Record<keyof Values & string, string>> };

export interface CheckedForm<Values extends Record<string, string>, Output> {
  /** Props of an uncontrolled input: its name, first value, ref, and an onChange that clears its problem. */
  field: <N extends keyof Values & string>(
    name: N,
  ) => {
    name: N;
    defaultValue: string;
    ref: (element: HTMLInputElement | null) => void;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  };
  /** The text of a field's problem (from the check or the server), or undefined. */
  errorText: (name: keyof Values & string) => string | undefined;
  /** A field's current value. */
  getValue: (name: keyof Values & string) => string;
  /** onSubmit: checks, then shows the problems (focus on the first) or calls onValid with the values. */
  handleSubmit: (onValid: (values: Output) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
  isSubmitting: boolean;
  /** Marks the fields a server's validation_failed named; true when any was marked. */
  showServerErrors: (error: unknown, fields: ServerFieldMap<keyof Values & string>) => boolean;
}

/**
 * The form kit of the public auth pages, without react-hook-form and zod (docs/decisions/053):
 * the same behaviour as useZodForm — problems shown on submit, each gone once its field is
 * edited, the first wrong field focused, every text read through field-messages.ts — with a
 * hand-written check instead of a schema, so /auth's first download stays small.
 */
export function useCheckedForm<Values extends Record<string, string>, Output>({
  defaultValues,
  check,
  messages,
}: {
  defaultValues: Values;
  check: FormCheck<Values, Output>;
  messages: FormMessageScope;
}): CheckedForm<Values, Output> {
  type Name = keyof Values & string;
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  // The values typed so far, kept while a field is not on screen (the code step of sign-in
  // replaces the form; going back shows the email again).
  const kept = useRef<Values>({ ...defaultValues });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const message = useFieldMessage(messages);

  const getValue = useCallback(
    (name: Name) => inputs.current.get(name)?.value ?? kept.current[name] ?? '',
    [],
  );
  const clearError = useCallback((name: Name) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  return {
    field: (name) => ({
      name,
      defaultValue: kept.current[name] ?? '',
      ref: (element) => {
        if (element) inputs.current.set(name, element);
        else inputs.current.delete(name);
      },
      onChange: (event) => {
        (kept.current as Record<string, string>)[name] = event.target.value;
        clearError(name);
      },
    }),
    errorText: (name) => message(errors[name]),
    getValue,
    isSubmitting,
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      const values = Object.fromEntries(
        Object.keys(defaultValues).map((name) => [name, getValue(name as Name)]),
      ) as Values;
      const result = check(values);
      if (!result.ok) {
        setErrors(result.errors);
        const firstWrong = Object.keys(defaultValues).find((name) => name in result.errors);
        if (firstWrong) inputs.current.get(firstWrong)?.focus();
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await onValid(result.values);
      } finally {
        setSubmitting(false);
      }
    },
    showServerErrors: (error, fields) => {
      const found = serverFieldErrors(error, fields);
      if (Object.keys(found).length === 0) return false;
      setErrors((current) => ({ ...current, ...found }));
      return true;
    },
  };
}
