import type { EmailDeliveryProblem } from '@doppel/contracts';
import type { Db, Tx } from '@doppel/db';
import type { FastifyBaseLogger } from 'fastify';
import { loadActor, type Actor } from './actor';
import type { JobQueue } from './job-queue';

/*
 * Domain events (docs/decisions/023-domain-events.md): facts one module states and other
 * modules act on, so the module that states them need not know who listens. Tasks say a
 * message was sent, messengers that a contact replied; campaigns move their leads along.
 *
 * An event is written in the transaction of the change it reports, as one durable job per
 * subscriber (the job queue is the outbox): a crash after the commit loses none, a rollback
 * sends none, and each subscriber is retried on its own. Only a transaction opened with
 * `domainEvents.transaction` can publish (the types see to it), and it delivers its events
 * right after the commit, so whoever made the change sees their effect at once; the worker
 * delivers any left over (a crash between commit and delivery, a failed attempt) — it leaves a
 * fresh delivery to the committing process for a few seconds (`deferToCaller`), so the two do
 * not race for it.
 */

const OUTBOX = Symbol('domain-event outbox');

/** A transaction that can publish domain events: open one with DomainEvents.transaction. */
export type EventTx = Tx & { readonly [OUTBOX]: string[] };

export interface DomainEventShapes {
  /**
   * The user sent a message to a contact, or published a post, from a task. The task's origin
   * (the campaign and lead that made it) travels along for whoever cares.
   */
  'message.sent': {
    /** Null for mail a campaign sent without a task (Bulk Email). */
    taskId: string | null;
    contactId: string | null;
    campaignId: string | null;
    leadId: string | null;
    at: string;
    /** An email's Message-ID (each mail is one message, even two Bulk Emails in one instant). */
    messageId?: string;
  };
  /**
   * A contact wrote to the user (a messenger delivered the message, or it came to their mailbox;
   * now in their history). `subject` is the mail's, for an email.
   */
  'contact.replied': { contactId: string; senderName: string; text: string; at: string; subject?: string };
  /**
   * An email queued from the user's mailbox is settled: the mail server accepted it (sent),
   * refused it or it could not be sent (failed, with the reason), or the process died while
   * sending it and the Sent folder does not show it (unknown).
   */
  'email.settled': {
    sendId: string;
    taskId: string | null;
    contactId: string | null;
    messageId: string;
    status: 'sent' | 'failed' | 'unknown';
    /** Why it failed or may not have gone out; the server's own reply line when it gave one. */
    reason: EmailDeliveryProblem | null;
    serverReply: string | null;
    at: string;
  };
  /** A delivery-status notification in the user's mailbox: mail to these addresses bounced. */
  'email.bounced': { addresses: string[]; permanent: boolean; at: string };
  /** Someone mailed the unsubscribe address of campaign mail (its List-Unsubscribe mailto). */
  'email.unsubscribe-requested': { token: string; from: string; at: string };
  /**
   * The user's search model (an embedding model) was added, changed into another model, or
   * removed: the knowledge base's vectors are made again, or dropped.
   */
  'search-model.changed': { at: string };
  /**
   * Someone started the user's Telegram bot with a deep-link payload (`/start <payload>`): a
   * command to the bot, not a contact's message. Notifications links the chat whose code it is.
   */
  'telegram.started': { connectionId: string; chatId: string; payload: string; at: string };
}

export type DomainEventType = keyof DomainEventShapes;
export type DomainEvent<T extends DomainEventType = DomainEventType> = { type: T } & DomainEventShapes[T];

export interface DomainEvents {
  /**
   * Adds a subscriber; `name` must stay stable across releases (it names the subscriber's
   * queued deliveries). Subscribe while the app is built, before anything is published.
   */
  subscribe<T extends DomainEventType>(
    type: T,
    name: string,
    handle: (actor: Actor, event: DomainEvent<T>) => Promise<void>,
  ): void;
  /** Runs `work` in a transaction; the events it published are delivered once it commits. */
  transaction<T>(work: (tx: EventTx) => Promise<T>): Promise<T>;
  /** States a fact inside the transaction of the change it reports. */
  publish(tx: EventTx, actor: Pick<Actor, 'userId'>, event: DomainEvent): Promise<void>;
}

const jobKind = (type: DomainEventType, name: string) => `event:${type}:${name}`;

export function createDomainEvents(db: Db, jobs: JobQueue, log: FastifyBaseLogger): DomainEvents {
  const subscribers = new Map<DomainEventType, string[]>();
  const kinds: string[] = [];
  return {
    subscribe(type, name, handle) {
      const kind = jobKind(type, name);
      if (kinds.includes(kind)) throw new Error(`${kind} is subscribed twice`);
      kinds.push(kind);
      subscribers.set(type, [...(subscribers.get(type) ?? []), name]);
      jobs.register<{ userId: string; event: DomainEvent<typeof type> }>({
        kind,
        maxAttempts: 5,
        run: async ({ userId, event }) => handle(await loadActor(db, userId), event),
      });
    },
    async transaction(work) {
      const outbox: string[] = [];
      const result = await db.transaction((tx) => work(Object.assign(tx, { [OUTBOX]: outbox })));
      // The change is committed whatever happens now: a delivery that cannot start is the
      // worker's to make, never the caller's error.
      await jobs.runNow(outbox).catch((error: unknown) => {
        log.warn({ err: error }, 'could not deliver domain events now; the worker will');
      });
      return result;
    },
    async publish(tx, actor, event) {
      for (const name of subscribers.get(event.type) ?? []) {
        const payload = { userId: actor.userId, event };
        tx[OUTBOX].push(await jobs.enqueue(tx, jobKind(event.type, name), payload, { deferToCaller: true }));
      }
    },
  };
}
