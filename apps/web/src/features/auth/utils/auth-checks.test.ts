import {
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signUpInputSchema,
} from '@doppel/contracts';
import { describe, expect, it } from 'vitest';
import { issuesByField } from '@/components/form/zod-resolver';
import { checkForgotPassword, checkNewPassword, checkSignIn, checkSignUp } from './auth-checks';

// What the forms showed when zod checked them: the first issue's key per field, or the parsed values.
function zodAnswer(
  schema: {
    safeParse: (value: unknown) => {
      success: boolean;
      data?: unknown;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  values: object,
) {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors = Object.fromEntries(
    Object.entries(issuesByField(result.error!.issues)).map(([field, { message }]) => [field, message]),
  );
  return { ok: false, errors };
}

const EMAILS = [
  '',
  '   ',
  'ada',
  'ada@',
  'ada@example',
  'ada @example.com',
  'Ada@Example.COM',
  '  ada@example.com  ',
  `${'a'.repeat(250)}@example.com`,
];
const PASSWORDS = ['', ' ', 'abc', 'abcde', 'abcdef', 'correct horse', 'x'.repeat(128), 'x'.repeat(129)];
const NAMES = ['', '   ', 'Ada Lovelace', '  Ada  ', 'n'.repeat(120), 'n'.repeat(121)];

describe('the auth forms’ hand-written checks', () => {
  it('answer sign-in exactly as its contracts schema does', () => {
    for (const email of EMAILS)
      for (const password of PASSWORDS)
        expect(checkSignIn({ email, password }), `${email} / ${password}`).toEqual(
          zodAnswer(signInInputSchema, { email, password }),
        );
  });

  it('answer sign-up exactly as its contracts schema does', () => {
    for (const fullName of NAMES)
      for (const email of EMAILS)
        for (const password of PASSWORDS)
          expect(checkSignUp({ fullName, email, password }), `${fullName} / ${email} / ${password}`).toEqual(
            zodAnswer(signUpInputSchema, { fullName, email, password }),
          );
  });

  it('answer the forgotten-password and new-password forms as their schemas do', () => {
    for (const email of EMAILS)
      expect(checkForgotPassword({ email })).toEqual(zodAnswer(forgotPasswordInputSchema, { email }));
    const token = 't'.repeat(32);
    for (const password of PASSWORDS) {
      const expected = zodAnswer(resetPasswordInputSchema, { token, password });
      const answer = checkNewPassword({ password });
      expect(answer).toEqual(
        expected.ok ? { ok: true, values: { password } } : { ok: false, errors: expected.errors },
      );
    }
  });

  it('name the spec’s message keys', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'emailRequired', password: 'passwordRequired' },
    });
    expect(checkSignUp({ fullName: ' ', email: 'ada@', password: 'abc' })).toEqual({
      ok: false,
      errors: { fullName: 'nameRequired', email: 'emailInvalid', password: 'passwordTooShort' },
    });
    expect(checkSignIn({ email: ' Ada@Example.com ', password: 'pw' })).toEqual({
      ok: true,
      values: { email: 'ada@example.com', password: 'pw' },
    });
  });
});
