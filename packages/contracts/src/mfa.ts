import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth-constants';

/*
 * Multi-factor authentication with an authenticator app (TOTP, docs/decisions/042-mfa.md).
 * Message keys of the input schemas are read in the `security` and `auth` namespaces' `mfa` blocks.
 */

/** How many recovery codes a set has; each signs in once instead of an app's code. */
export const MFA_RECOVERY_CODE_COUNT = 10;
/** How long "Remember this device" skips the code step in one browser. */
export const MFA_REMEMBER_DEVICE_DAYS = 30;
/** How long the code step of one sign-in may take before the password is asked again. */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;

/** An authenticator app's 6-digit code; spaces (as some apps show it, "123 456") are dropped. */
export const mfaCodeSchema = z
  .string({ error: 'codeRequired' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'codeRequired')
      .regex(/^\d{6}$/, 'codeFormat'),
  );

/**
 * A recovery code as shown ("k7m2p-x9q4r"): read without case, spaces or dashes, so a copy
 * that kept neither still works.
 */
export const mfaRecoveryCodeSchema = z
  .string({ error: 'recoveryCodeRequired' })
  .max(64, 'recoveryCodeFormat')
  .transform((code) => code.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'recoveryCodeRequired')
      .regex(/^[a-z0-9]{10}$/, 'recoveryCodeFormat'),
  );

const passwordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong');

/** The account's MFA as Settings → Security shows it. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO time it was turned on; null while off. */
  enabledAt: z.string().nullable(),
  /** Recovery codes not used yet (0 while off). */
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** Turning MFA on starts with the password again: a left-open browser cannot lock the owner out. */
export const startMfaSetupInputSchema = z.object({ password: passwordSchema });
export type StartMfaSetupInput = z.input<typeof startMfaSetupInputSchema>;

/**
 * The new secret, shown once for the authenticator app: as an otpauth:// link, as a QR code of
 * it (an SVG data: URL for an <img>) and as text to type in by hand.
 */
export const mfaSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

export const mfaCodeInputSchema = z.object({ code: mfaCodeSchema });
export type MfaCodeInput = z.input<typeof mfaCodeInputSchema>;

/** A new set of recovery codes: shown this once, stored only as hashes. */
export const mfaRecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  status: mfaStatusSchema,
});
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesSchema>;

/** Turning MFA off: the password or a current code (one of them) proves it is the owner. */
export const disableMfaInputSchema = z
  .object({ password: passwordSchema.optional(), code: mfaCodeSchema.optional() })
  .strict()
  .refine((input) => (input.password === undefined) !== (input.code === undefined), {
    message: 'passwordOrCodeRequired',
    path: ['password'],
  });
export type DisableMfaInput = z.input<typeof disableMfaInputSchema>;

/** Sign-in's answer when the password was right and the account asks for its second factor. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** Signed, short-lived: names the account and the password step for the code step. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** The code step of a sign-in: the app's code or one recovery code (one of them). */
export const signInMfaInputSchema = z
  .object({
    challenge: z.string().min(1).max(512),
    code: mfaCodeSchema.optional(),
    recoveryCode: mfaRecoveryCodeSchema.optional(),
    /** Skip the code step in this browser for MFA_REMEMBER_DEVICE_DAYS. */
    rememberDevice: z.boolean().optional(),
  })
  .strict()
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    message: 'codeRequired',
    path: ['code'],
  });
export type SignInMfaInput = z.input<typeof signInMfaInputSchema>;
