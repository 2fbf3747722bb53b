import { randomUUID } from 'node:crypto';
import { DEMO_SANDBOX_TTL_HOURS, startDemoInputSchema, type StartDemoInput } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { createAccount, type IssuedSession, limitAuthAttempt, startSession } from '../auth';
import type { ClientInfo } from '../../plugins/authenticate';
import { seedDemoSandbox } from './seed-demo-sandbox';

/** Domain no mail is delivered to (RFC 2606 reserves .invalid). */
const DEMO_EMAIL_DOMAIN = 'demo.doppel.invalid';

/**
 * Creates a private sandbox for one browser: a throwaway user with sample data that lives
 * DEMO_SANDBOX_TTL_HOURS, then is deleted with everything it owns.
 */
export async function startDemo(
  ctx: AppContext,
  input: StartDemoInput,
  client: ClientInfo,
): Promise<IssuedSession> {
  const { language } = startDemoInputSchema.parse(input);
  await limitAuthAttempt(ctx, 'demo', { ip: client.ip });
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const { userId: id } = await createAccount(tx, {
      email: `demo-${randomUUID()}@${DEMO_EMAIL_DOMAIN}`,
      fullName: null,
      passwordHash: null,
      language: language ?? 'en',
      emailVerifiedAt: now,
      demoExpiresAt: new Date(now.getTime() + DEMO_SANDBOX_TTL_HOURS * 3600 * 1000),
      paymentMethod: 'Visa •••• 4242',
      now,
    });
    await seedDemoSandbox(tx, id, language ?? 'en', now);
    return id;
  });
  return startSession(ctx, userId, client);
}
