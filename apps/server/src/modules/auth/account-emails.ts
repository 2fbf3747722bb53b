import { displayName, type InterfaceLanguage } from '@doppel/contracts';
import { eq, userSettings, users, type DbOrTx } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { renderEmail, type EmailKind } from '../../integrations/email/templates';
import { EMAIL_TOKEN_TTL_HOURS, type EmailTokenPurpose } from './email-tokens';

/** The web pages that consume each emailed token. */
const LINK_PATHS: Record<EmailTokenPurpose, string> = {
  verify_email: '/auth/verify',
  reset_password: '/auth/reset',
  change_email: '/auth/confirm-email',
};

/**
 * Sends an account email in the user's interface language. Pass the transaction that issued the
 * token: the email is queued with it (the mailer's durable job delivers it, with retries), so the
 * token and its email commit together and the request never waits on SMTP.
 * `kind` is the email when it is not simply the token's own (the note that an address already has
 * an account carries a reset link).
 */
export async function sendAccountEmail(
  ctx: AppContext,
  tx: DbOrTx,
  input: { userId: string; purpose: EmailTokenPurpose; token: string; to?: string; kind?: EmailKind },
): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, fullName: users.fullName, language: userSettings.language })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, input.userId));
  if (!row) return;
  const language: InterfaceLanguage = row.language ?? 'en';
  const link = `${ctx.config.publicUrl}${LINK_PATHS[input.purpose]}?token=${encodeURIComponent(input.token)}`;
  const kind = input.kind ?? input.purpose;
  const { subject, body } = renderEmail(kind, language, {
    name: displayName(row.fullName, row.email),
    link,
    hours: EMAIL_TOKEN_TTL_HOURS[input.purpose],
    signInLink: `${ctx.config.publicUrl}/auth`,
  });
  await ctx.mailer.send({ userId: input.userId, kind, to: input.to ?? row.email, subject, text: body }, tx);
}
