import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, gatewayLeases, inArray, lt, messengerConnections, or } from '@doppel/db';
import {
  discordProblem,
  openDiscordGateway,
  type DiscordGateway,
} from '../../integrations/messengers/discord-gateway';
import type { InboundMessage } from '../../integrations/messengers/messenger-adapter';
import type { AppContext } from '../../lib/context';
import { allows, credentialsOf, webhookConnection } from './messenger-connections';
import { acceptInboundMessages } from './receive-message';

/*
 * Discord messages as they are written (issue 19, docs/decisions/033): a worker process keeps
 * each connected bot's gateway connection (integrations/messengers/discord-gateway.ts), and every
 * person's message in a direct message or in the connected server becomes an inbound message,
 * taken in once by its Discord id. Discord wants one connection per bot — two would each get
 * every message — so one process of a cluster holds a given bot's: it holds a lease on the
 * connection's row in gateway_leases (`holder`, `until`), renewed on every round, freed at once on
 * a clean stop and taken over by another process once it ran out. As with the IDLE watchers
 * (mailbox-watchers.ts), which this follows.
 */

/** How often the gateways are checked against the connected bots, and leases renewed. */
const ROUND_MS = 15_000;
/** A lease outlives a few missed rounds before another process takes the bot over. */
const LEASE_MS = 4 * ROUND_MS;
/** A bot Discord would not take (a refused token, a missing intent) is tried again after this, doubling. */
const RETRY_FIRST_MS = ROUND_MS;
const RETRY_MOST_MS = 10 * 60_000;
/** A message Discord delivered is taken in even when the database hiccups. */
const TAKE_IN_ATTEMPTS = 3;

interface Running {
  /** What the gateway was started with: changed credentials or permissions restart it. */
  version: string;
  gateway: DiscordGateway;
  /**
   * Closes the gateway when the lease was not renewed for most of its time (the rounds stalled,
   * the database is out of reach): by the time another process may take the bot over, this one
   * has let go of it.
   */
  fence: NodeJS.Timeout;
}

export interface DiscordGatewaysOptions {
  /** How long a lease holds (60 s): tests shorten it. */
  leaseMs?: number;
}

export interface DiscordGateways {
  start(): void;
  stop(): Promise<void>;
  /** One round now (tests; start() runs them on a timer). */
  round(): Promise<void>;
}

export function createDiscordGateways(
  ctx: AppContext,
  options: DiscordGatewaysOptions = {},
): DiscordGateways {
  const me = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const running = new Map<string, Running>();
  /** Connections whose gateway failed: not started again before `retryAt` unless they change. */
  const failures = new Map<string, { version: string; count: number; retryAt: number }>();
  /** Connections this process holds a lease on. */
  const held = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function close(connectionId: string) {
    const current = running.get(connectionId);
    if (!current) return;
    running.delete(connectionId);
    clearTimeout(current.fence);
    await current.gateway
      .stop()
      .catch((error: unknown) =>
        ctx.log.warn({ connectionId, reason: discordProblem(error) }, 'could not close a Discord gateway'),
      );
  }

  function failed(connectionId: string, version: string, reason: string) {
    const previous = failures.get(connectionId);
    const count = previous?.version === version ? previous.count + 1 : 1;
    const wait = Math.min(RETRY_FIRST_MS * 2 ** (count - 1), RETRY_MOST_MS);
    failures.set(connectionId, { version, count, retryAt: ctx.clock.now().getTime() + wait });
    ctx.log.warn({ connectionId, reason, retryInMs: wait }, 'Discord gateway failed');
  }

  /** Takes or renews the lease on a bot's gateway; whether this process holds it. */
  async function lease(connectionId: string): Promise<boolean> {
    const now = ctx.clock.now();
    const until = new Date(now.getTime() + leaseMs);
    // A new lease, or this process's own renewed, or a lapsed one taken over; another process's
    // live lease is left alone (the conflict updates nothing and returns no row).
    const taken = await ctx.db
      .insert(gatewayLeases)
      .values({ connectionId, holder: me, until })
      .onConflictDoUpdate({
        target: gatewayLeases.connectionId,
        set: { holder: me, until },
        setWhere: or(eq(gatewayLeases.holder, me), lt(gatewayLeases.until, now)),
      })
      .returning({ id: gatewayLeases.connectionId });
    if (taken.length === 0) {
      held.delete(connectionId);
      return false;
    }
    held.add(connectionId);
    return true;
  }

  /** Leaves the leases of these connections. */
  async function release(ids: string[]) {
    if (ids.length === 0) return;
    for (const id of ids) held.delete(id);
    await ctx.db
      .delete(gatewayLeases)
      .where(and(inArray(gatewayLeases.connectionId, ids), eq(gatewayLeases.holder, me)));
  }

  function fence(connectionId: string): NodeJS.Timeout {
    const timeout = setTimeout(
      () => {
        ctx.log.warn({ connectionId }, 'Discord gateway lease not renewed in time; closing the gateway');
        void close(connectionId);
      },
      Math.floor(leaseMs * 0.75),
    );
    timeout.unref();
    return timeout;
  }

  /** A message Discord delivered: taken in when the connection still reads messages. */
  async function takeIn(connectionId: string, message: InboundMessage) {
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await webhookConnection(ctx, 'discord', connectionId);
        if (!row || !row.isConnected || !allows(row, 'read_messages')) return;
        await acceptInboundMessages(ctx, row, [message]);
        return;
      } catch (error) {
        if (attempt >= TAKE_IN_ATTEMPTS) {
          ctx.log.error({ err: error, connectionId }, 'could not take in a Discord message');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }

  function open(row: typeof messengerConnections.$inferSelect, version: string) {
    const connectionId = row.id;
    const gateway = openDiscordGateway(ctx.config.messengerApiUrls.discord, credentialsOf(ctx, row), {
      onMessage: (message) => void takeIn(connectionId, message),
      onEnded: (reason) => {
        if (running.get(connectionId)?.gateway !== gateway) return;
        failed(connectionId, version, reason);
        void close(connectionId);
      },
      onProblem: (reason) => ctx.log.info({ connectionId, reason }, 'Discord gateway problem'),
    });
    running.set(connectionId, { version, gateway, fence: fence(connectionId) });
    gateway.ready.then(
      () => {
        if (running.get(connectionId)?.gateway !== gateway) return;
        failures.delete(connectionId);
        ctx.log.info({ connectionId }, 'Discord gateway connected');
      },
      (error: unknown) => {
        if (running.get(connectionId)?.gateway !== gateway) return;
        failed(connectionId, version, discordProblem(error));
        void close(connectionId);
      },
    );
  }

  async function round() {
    const rows = await ctx.db
      .select()
      .from(messengerConnections)
      .where(and(eq(messengerConnections.platform, 'discord'), eq(messengerConnections.isConnected, true)));
    const wanted = new Map(
      rows
        .filter((row) => !row.isSample && allows(row, 'read_messages'))
        .map((row) => [row.id, { row, version: `${row.credentials}:${row.permissions.join(',')}` }]),
    );
    // Disconnected, reading turned off, or changed (a new token): closed, and the lease of one
    // no longer wanted left at once.
    for (const [connectionId, current] of running) {
      const still = wanted.get(connectionId);
      if (!still || still.version !== current.version) await close(connectionId);
    }
    await release([...held].filter((connectionId) => !wanted.has(connectionId)));
    for (const [connectionId, { row, version }] of wanted) {
      if (stopped) return;
      if (!(await lease(connectionId))) {
        // Another process holds it (its lease ran on): not ours to connect.
        await close(connectionId);
        continue;
      }
      const current = running.get(connectionId);
      if (current) {
        clearTimeout(current.fence);
        current.fence = fence(connectionId);
        continue;
      }
      const failure = failures.get(connectionId);
      if (failure?.version === version && ctx.clock.now().getTime() < failure.retryAt) continue;
      if (stopped) return;
      open(row, version);
    }
  }

  const loop = () => {
    timer = setTimeout(() => {
      void round()
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'Discord gateway round failed'))
        .finally(() => {
          if (!stopped) loop();
        });
    }, ROUND_MS);
    timer.unref();
  };

  return {
    start() {
      void round().catch((error: unknown) => ctx.log.warn({ err: error }, 'Discord gateway round failed'));
      loop();
    },
    round,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...running.keys()].map((connectionId) => close(connectionId)));
      // Leave the bots to another process at once rather than after the leases run out (a
      // round still under way may have just taken one: all of this process's are left).
      held.clear();
      await ctx.db
        .delete(gatewayLeases)
        .where(eq(gatewayLeases.holder, me))
        .catch(() => undefined);
    },
  };
}
