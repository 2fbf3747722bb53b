import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@doppel/contracts';

/*
 * The public auth forms' checks, by hand: the same rules, in the same order, with the same message
 * keys as the contracts' zod schemas (signInInputSchema, signUpInputSchema…), so /auth validates
 * without zod in its first download (docs/decisions/053). auth-checks.test.ts holds the two
 * side by side.
 */

/** A form's values once checked, or the message key of each field's first problem. */
export type CheckResult<Output> =
  { ok: true; values: Output } | { ok: false; errors: Partial<Record<keyof Output & string, string>> };

type FieldCheck<T> = (value: string) => { value: T } | { problem: string };

/** The first failing rule's key, in the schema's order (zod reports its issues in that order). */
function firstProblem(rules: ReadonlyArray<[failed: boolean, key: string]>): string | null {
  return rules.find(([failed]) => failed)?.[1] ?? null;
}

const email: FieldCheck<string> = (raw) => {
  const value = raw.trim();
  const problem = firstProblem([
    [value.length < 1, 'emailRequired'],
    [value.length > EMAIL_MAX_LENGTH, 'emailInvalid'],
    [!EMAIL_PATTERN.test(value), 'emailInvalid'],
  ]);
  return problem ? { problem } : { value: value.toLowerCase() };
};

/** Sign-in asks only that a password be given (and not absurdly long). */
const currentPassword: FieldCheck<string> = (value) => {
  const problem = firstProblem([
    [value.length < 1, 'passwordRequired'],
    [value.length > PASSWORD_MAX_LENGTH, 'passwordTooLong'],
  ]);
  return problem ? { problem } : { value };
};

const newPassword: FieldCheck<string> = (value) => {
  const problem = firstProblem([
    [value.length < 1, 'passwordRequired'],
    [value.length < PASSWORD_MIN_LENGTH, 'passwordTooShort'],
    [value.length > PASSWORD_MAX_LENGTH, 'passwordTooLong'],
  ]);
  return problem ? { problem } : { value };
};

const fullName: FieldCheck<string> = (raw) => {
  const value = raw.trim();
  const problem = firstProblem([
    [value.length < 1, 'nameRequired'],
    [value.length > FULL_NAME_MAX_LENGTH, 'nameTooLong'],
  ]);
  return problem ? { problem } : { value };
};

function checkAll<Output extends Record<string, unknown>>(
  values: Record<string, string>,
  checks: { [K in keyof Output]: FieldCheck<Output[K]> },
): CheckResult<Output> {
  const out: Record<string, unknown> = {};
  const errors: Partial<Record<keyof Output & string, string>> = {};
  for (const [name, check] of Object.entries(checks) as Array<[string, FieldCheck<unknown>]>) {
    const result = check(values[name] ?? '');
    if ('problem' in result) errors[name as keyof Output & string] = result.problem;
    else out[name] = result.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: out as Output };
}

export const checkSignIn = (values: { email: string; password: string }) =>
  checkAll<{ email: string; password: string }>(values, { email, password: currentPassword });

export const checkSignUp = (values: { fullName: string; email: string; password: string }) =>
  checkAll<{ fullName: string; email: string; password: string }>(values, {
    fullName,
    email,
    password: newPassword,
  });

export const checkForgotPassword = (values: { email: string }) =>
  checkAll<{ email: string }>(values, { email });

export const checkNewPassword = (values: { password: string }) =>
  checkAll<{ password: string }>(values, { password: newPassword });
