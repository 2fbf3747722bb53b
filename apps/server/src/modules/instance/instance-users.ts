import {
  displayName,
  setDefaultQuotaInputSchema,
  setUserQuotaInputSchema,
  type InstanceInfo,
  type InstanceUsers,
  type SetDefaultQuotaInput,
  type SetUserQuotaInput,
} from '@doppel/contracts';
import { and, asc, eq, gte, sql, subscriptions, tokenUsage, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { markEmailVerified, turnOffMfa } from '../auth';
import { instanceDefaultQuota, setDefaultQuota, setOwnerQuota } from '../subscription';
import { quotaPeriodStart } from '../usage';

/*
 * The instance owner's view of a self-hosted server (issue 23): the first account of an instance
 * owns it, sees every account with this month's usage and sets their monthly token quotas. The
 * rows belong to auth (users) and subscription (plans); this module only reads them and asks
 * their owners to change them.
 */

/** What anyone may know before signing in: whether email works and whether there is an owner. */
export async function instanceInfo(ctx: AppContext): Promise<InstanceInfo> {
  const [owner] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isInstanceOwner, true))
    .limit(1);
  return { emailDelivery: Boolean(ctx.config.smtpUrl), hasOwner: Boolean(owner) };
}

/** Refuses anyone but the instance owner. */
async function assertOwner(ctx: AppContext, userId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ isOwner: users.isInstanceOwner })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.isOwner) throw new AppError('forbidden');
}

/** A real account of this instance (demo sandboxes are not users the owner manages). */
async function assertAccount(ctx: AppContext, userId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isDemo, false)));
  if (!row) throw new AppError('not_found');
}

export async function listInstanceUsers(ctx: AppContext, ownerId: string): Promise<InstanceUsers> {
  await assertOwner(ctx, ownerId);
  const since = quotaPeriodStart(ctx.clock.now());
  const used = ctx.db
    .select({
      userId: tokenUsage.userId,
      tokens: sql<string>`sum(${tokenUsage.promptTokens} + ${tokenUsage.completionTokens})`.as('tokens'),
    })
    .from(tokenUsage)
    .where(gte(tokenUsage.createdAt, since))
    .groupBy(tokenUsage.userId)
    .as('used');
  const [rows, defaultTokenQuota] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        emailVerifiedAt: users.emailVerifiedAt,
        mfaEnabledAt: users.mfaEnabledAt,
        isInstanceOwner: users.isInstanceOwner,
        createdAt: users.createdAt,
        plan: {
          kind: subscriptions.kind,
          planName: subscriptions.planName,
          tokenQuota: subscriptions.tokenQuota,
          ownerTokenQuota: subscriptions.ownerTokenQuota,
        },
        tokens: used.tokens,
      })
      .from(users)
      .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
      .leftJoin(used, eq(used.userId, users.id))
      .where(eq(users.isDemo, false))
      .orderBy(sql`${users.isInstanceOwner} desc`, asc(users.createdAt), asc(users.id)),
    instanceDefaultQuota(ctx.db),
  ]);
  return {
    defaultTokenQuota,
    users: rows.map((row) => ({
      id: row.id,
      name: displayName(row.fullName, row.email),
      email: row.email,
      emailVerified: row.emailVerifiedAt !== null,
      mfaEnabled: row.mfaEnabledAt !== null,
      isInstanceOwner: row.isInstanceOwner,
      createdAt: row.createdAt.toISOString(),
      planKind: row.plan.kind,
      planName: row.plan.planName,
      tokensUsed: Number(row.tokens ?? 0),
      tokenQuota: row.plan.tokenQuota,
      ownerTokenQuota: row.plan.ownerTokenQuota,
    })),
  };
}

export async function setUserQuota(
  ctx: AppContext,
  ownerId: string,
  userId: string,
  input: SetUserQuotaInput,
): Promise<void> {
  const { tokenQuota } = setUserQuotaInputSchema.parse(input);
  await assertOwner(ctx, ownerId);
  await assertAccount(ctx, userId);
  await ctx.db.transaction((tx) => setOwnerQuota(tx, userId, tokenQuota, ctx.clock.now()));
}

export async function setInstanceDefaultQuota(
  ctx: AppContext,
  ownerId: string,
  input: SetDefaultQuotaInput,
): Promise<void> {
  const { defaultTokenQuota } = setDefaultQuotaInputSchema.parse(input);
  await assertOwner(ctx, ownerId);
  await ctx.db.transaction((tx) => setDefaultQuota(tx, defaultTokenQuota, ctx.clock.now()));
}

/**
 * The owner vouches for an account's address: on a server without SMTP the emailed link only
 * reaches the server's log, so this is how a second user gets in.
 */
export async function verifyUser(ctx: AppContext, ownerId: string, userId: string): Promise<void> {
  await assertOwner(ctx, ownerId);
  await assertAccount(ctx, userId);
  await markEmailVerified(ctx.db, userId, ctx.clock.now());
}

/**
 * The owner turns two-step sign-in off for a user who lost their authenticator and every
 * recovery code: on a self-hosted server there is nobody else to ask. Not for the owner's own
 * account, which turns it off in Settings → Security with a code or the password.
 */
export async function resetUserMfa(ctx: AppContext, ownerId: string, userId: string): Promise<void> {
  await assertOwner(ctx, ownerId);
  if (userId === ownerId) throw new AppError('forbidden');
  await assertAccount(ctx, userId);
  await ctx.db.transaction((tx) => turnOffMfa(tx, userId, ctx.clock.now()));
  ctx.log.info({ userId }, "the instance owner turned off a user's two-step sign-in");
}
