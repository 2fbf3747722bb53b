import { displayName, type InterfaceLanguage } from '@doppel/contracts';
import { eq, userSettings, users } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { renderEmail } from '../../integrations/email/templates';
import { EMAIL_TOKEN_TTL_HOURS, type EmailTokenPurpose } from './email-tokens';

/** The web pages that consume each emailed token. */
const LINK_PATHS: Record<EmailTokenPurpose, string> = {
  verify_email: '/auth/verify',
  reset_password: '/auth/reset',
  change_email: '/auth/confirm-email',
};

/** Sends an account email in the user's interface language, after the token's transaction committed. */
export async function sendAccountEmail(
  ctx: AppContext,
  input: { userId: string; purpose: EmailTokenPurpose; token: string; to?: string },
): Promise<void> {
  const [row] = await ctx.db
    .select({ email: users.email, fullName: users.fullName, language: userSettings.language })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, input.userId));
  if (!row) return;
  const language: InterfaceLanguage = row.language ?? 'en';
  const link = `${ctx.config.publicUrl}${LINK_PATHS[input.purpose]}?token=${encodeURIComponent(input.token)}`;
  const { subject, body } = renderEmail(input.purpose, language, {
    name: displayName(row.fullName, row.email),
    link,
    hours: EMAIL_TOKEN_TTL_HOURS[input.purpose],
  });
  await ctx.mailer.send({
    userId: input.userId,
    kind: input.purpose,
    to: input.to ?? row.email,
    subject,
    text: body,
  });
}
