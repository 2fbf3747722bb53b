import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeInfo } from '@doppel/contracts';
import { and, emailOptOuts, eq, inArray, messengerConnections, users, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/context';
import type { DomainEvent } from '../../lib/domain-events';
import { stopSequencesOfAddress } from './sequence-stops';

/*
 * Campaign mail's way out (issue 18, docs/decisions/031): every campaign mail carries
 * List-Unsubscribe (a mailto to the user's own mailbox and a one-click https link, RFC 8058) and
 * a footer link; an address that opted out, or whose mail bounced for good, is never mailed by
 * any campaign of the user again. The link's token names the user and the address, signed with
 * a key derived from SECRET_KEY, so it cannot be made for another address.
 */

type OptOutReason = (typeof emailOptOuts.$inferSelect)['reason'];

const normalise = (address: string) => address.trim().toLowerCase();

function tokenKey(ctx: AppContext): Uint8Array {
  return ctx.deriveKey('email-unsubscribe');
}

function sign(ctx: AppContext, body: string): string {
  return createHmac('sha256', tokenKey(ctx)).update(body).digest('base64url').slice(0, 32);
}

/** `<userId>.<address, base64url>.<signature>`. */
export function unsubscribeToken(ctx: AppContext, userId: string, address: string): string {
  const body = `${userId}.${Buffer.from(normalise(address)).toString('base64url')}`;
  return `${body}.${sign(ctx, body)}`;
}

/** The user and address a token names; invalid_token when it was not made by this server. */
function readToken(ctx: AppContext, token: string): { userId: string; address: string } {
  const [userId, encoded, signature] = token.split('.');
  const invalid = new AppError('invalid_token', 'This unsubscribe link is not valid.', {
    reason: 'unsubscribe_link_invalid',
  });
  if (!userId || !encoded || !signature) throw invalid;
  const expected = Buffer.from(sign(ctx, `${userId}.${encoded}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/.test(userId) || !address.includes('@')) throw invalid;
  return { userId, address };
}

/**
 * The unsubscribe links of a campaign mail to this address (messengers' send job adds them): the
 * one-click address mail providers POST to (List-Unsubscribe, RFC 8058), the mailto beside it, and
 * the page a person opens from the footer.
 */
export function unsubscribeLinks(ctx: AppContext) {
  return (userId: string, address: string, mailbox: string) => {
    const token = encodeURIComponent(unsubscribeToken(ctx, userId, address));
    return {
      url: `${ctx.config.publicUrl}/api/unsubscribe?token=${token}`,
      page: `${ctx.config.publicUrl}/unsubscribe?token=${token}`,
      mailto: `mailto:${mailbox}?subject=${encodeURIComponent(`unsubscribe ${decodeURIComponent(token)}`)}`,
    };
  };
}

/** Records an opt-out; an address already out keeps its first reason. */
export async function optOut(
  db: DbOrTx,
  userId: string,
  address: string,
  reason: OptOutReason,
): Promise<void> {
  await db
    .insert(emailOptOuts)
    .values({ userId, address: normalise(address), reason })
    .onConflictDoNothing();
}

/** Which of these addresses opted out or bounced, and why (lower-cased keys). */
export async function optOutReasons(
  db: DbOrTx,
  userId: string,
  addresses: string[],
): Promise<Map<string, OptOutReason>> {
  const wanted = [...new Set(addresses.map(normalise))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ address: emailOptOuts.address, reason: emailOptOuts.reason })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.address, wanted)));
  return new Map(rows.map((row) => [row.address, row.reason]));
}

/** What the unsubscribe page shows. */
export async function showUnsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const { userId, address } = readToken(ctx, token);
  const [mailbox] = await ctx.db
    .select({ username: messengerConnections.username, hints: messengerConnections.credentialHints })
    .from(messengerConnections)
    .where(and(eq(messengerConnections.userId, userId), eq(messengerConnections.platform, 'email')));
  const reasons = await optOutReasons(ctx.db, userId, [address]);
  return {
    address,
    sender: mailbox?.hints.sender_name || mailbox?.username || '',
    unsubscribed: reasons.get(address) === 'unsubscribed',
  };
}

/** The page's button, a provider's one-click POST, or the mailto: the address is out. */
export async function confirmUnsubscribe(ctx: AppContext, token: string): Promise<void> {
  const { userId, address } = readToken(ctx, token);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) {
    throw new AppError('invalid_token', 'This unsubscribe link is not valid.', {
      reason: 'unsubscribe_link_invalid',
    });
  }
  await ctx.db.transaction(async (tx) => {
    // Unsubscribed wins over an earlier bounce: it is the owner's own word.
    await tx
      .insert(emailOptOuts)
      .values({ userId, address: normalise(address), reason: 'unsubscribed' })
      .onConflictDoUpdate({
        target: [emailOptOuts.userId, emailOptOuts.address],
        set: { reason: 'unsubscribed' },
      });
    await stopSequencesOfAddress(tx, userId, address, 'unsubscribed', ctx.clock.now());
  });
}

/** A mail to the List-Unsubscribe mailto reached the user's mailbox. */
export async function unsubscribeByMail(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'email.unsubscribe-requested'>,
): Promise<void> {
  let named: { userId: string; address: string };
  try {
    named = readToken(ctx, event.token);
  } catch {
    ctx.log.info({ userId: actor.userId }, 'an unsubscribe mail with an invalid token was ignored');
    return;
  }
  if (named.userId !== actor.userId) return;
  await confirmUnsubscribe(ctx, event.token);
}

/** Mail to these addresses bounced for good: no campaign mails them again. */
export async function recordBounces(
  ctx: AppContext,
  actor: Actor,
  event: DomainEvent<'email.bounced'>,
): Promise<void> {
  if (!event.permanent) return;
  await ctx.db.transaction(async (tx) => {
    for (const address of event.addresses) {
      await optOut(tx, actor.userId, address, 'bounced');
      await stopSequencesOfAddress(tx, actor.userId, address, 'bounced', ctx.clock.now());
    }
  });
}
