import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
} from './auth-constants';
import { interfaceLanguageSchema } from './languages';
import { mfaChallengeSchema } from './mfa';

/*
 * Messages are i18n keys of the `auth` namespace. The web app's auth forms check the same rules
 * by hand (apps/web/src/features/auth/utils/auth-checks.ts): a change here goes there too.
 */

export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, 'emailRequired')
  .max(EMAIL_MAX_LENGTH, 'emailInvalid')
  .regex(EMAIL_PATTERN, 'emailInvalid')
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong');

export const signInInputSchema = z.object({
  email: emailSchema,
  // No other password rule is shown for sign-in.
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, 'passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
});
export type SignInInput = z.input<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  fullName: z
    .string({ error: 'nameRequired' })
    .trim()
    .min(1, 'nameRequired')
    .max(FULL_NAME_MAX_LENGTH, 'nameTooLong'),
  email: emailSchema,
  password: newPasswordSchema,
  /** The interface language at sign-up: the account's first language and that of its emails. */
  language: interfaceLanguageSchema.optional(),
});
export type SignUpInput = z.input<typeof signUpInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

export const tokenInputSchema = z.object({ token: z.string().min(16).max(200) });
export type TokenInput = z.infer<typeof tokenInputSchema>;

export const resetPasswordInputSchema = z.object({
  token: z.string().min(16).max(200),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

export const userSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  /** full_name, else the part of the email before '@', else 'User'. */
  name: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  /** A new address waiting for confirmation from its inbox. */
  pendingEmail: z.string().nullable(),
  isDemo: z.boolean(),
  demoExpiresAt: z.string().nullable(),
  /** Sign-in asks for an authenticator app's code (or a recovery code) after the password. */
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What sign-in, refresh and demo entry answer. The refresh token travels only in its httpOnly cookie. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  /** ISO time the access token expires. */
  expiresAt: z.string(),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** Sign-in's answer: the session, or the code step when the account has MFA on (mfa.ts). */
export const signInResultSchema = z.union([sessionSchema, mfaChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const signUpResultSchema = z.object({
  /** The account waits for its emailed link before sign-in. */
  verificationSent: z.boolean(),
  /**
   * The account may sign in at once: the first account of an instance that cannot send email
   * (no SMTP) is verified without a link and owns the instance (issue 23).
   */
  verified: z.boolean(),
});
export type SignUpResult = z.infer<typeof signUpResultSchema>;

export const startDemoInputSchema = z.object({ language: interfaceLanguageSchema.optional() });
export type StartDemoInput = z.infer<typeof startDemoInputSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** The display name rule. */
export function displayName(fullName: string | null | undefined, email: string | null | undefined): string {
  const trimmed = fullName?.trim();
  if (trimmed) return trimmed;
  const local = email?.split('@')[0]?.trim();
  if (local) return local;
  return 'User';
}
