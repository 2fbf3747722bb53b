import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox, eq, sql, type Db, type DbOrTx } from '@doppel/db';
import type { Config } from '../../lib/config';
import type { JobHandler, JobQueue } from '../../lib/job-queue';
import type { Mailer, OutgoingEmail } from '../../lib/mailer';
import type { Metrics } from '../../lib/metrics';
import { storableText } from '../../lib/text';
import { smtpFailure } from './smtp-sender';

/*
 * The app's own email (account emails, and until the user's mailbox takes over, messages to
 * contacts) through the server-wide SMTP_URL. A request only records the email in the outbox and
 * queues a job, so it never waits on SMTP; the job sends it and, when the server answers "later"
 * (4xx) or cannot be reached, the job queue tries again with its back-off. A refusal for good
 * (5xx, or SMTP_URL's credentials refused) is recorded and not retried.
 *
 * Without SMTP_URL the outbox table and a log line (which carries the link) are the delivery,
 * so a fresh clone can still verify accounts and reset passwords offline.
 */

export const EMAIL_DELIVERY_JOB = 'email.deliver';

interface EmailDeliveryPayload {
  userId: string;
  outboxId: string;
}

/** With the queue's back-off (5 s, 20 s, 80 s, 320 s, 1280 s) the last try is about half an hour in. */
const DELIVERY_ATTEMPTS = 6;

export function createMailer(options: {
  db: Db;
  jobs: JobQueue;
  smtpUrl: string | undefined;
  log: FastifyBaseLogger;
  metrics: Metrics;
}): Mailer {
  const { db, jobs, log, metrics } = options;

  async function record(tx: DbOrTx, email: OutgoingEmail): Promise<void> {
    const [row] = await tx
      .insert(emailOutbox)
      .values({
        userId: email.userId,
        kind: email.kind,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
      })
      .returning({ id: emailOutbox.id });
    if (!options.smtpUrl) {
      keptInOutbox(log, metrics, email);
      return;
    }
    const payload: EmailDeliveryPayload = { userId: email.userId, outboxId: row!.id };
    await jobs.enqueue(tx, EMAIL_DELIVERY_JOB, { ...payload });
  }

  return {
    async send(email, tx) {
      // The row and its job commit together: no email is recorded without its delivery.
      await (tx ? record(tx, email) : db.transaction((own) => record(own, email)));
    },
  };
}

function keptInOutbox(
  log: FastifyBaseLogger,
  metrics: Metrics,
  email: Pick<OutgoingEmail, 'to' | 'kind' | 'subject' | 'text'>,
) {
  log.info(
    { to: email.to, kind: email.kind, body: email.text },
    `email kept in outbox (no SMTP_URL): ${email.subject}`,
  );
  metrics.recordOutboundSend('email', 'kept');
}

/** Where SMTP_URL points, for messages that name the server (never its credentials). */
function serverOf(smtpUrl: string): { host: string; port: number } {
  const url = new URL(smtpUrl);
  return { host: url.hostname, port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587) };
}

/** Sends what createMailer queued; background.ts registers it. */
export function emailDeliveryJob(deps: {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'smtpFrom'>;
  log: FastifyBaseLogger;
  metrics: Metrics;
}): JobHandler<EmailDeliveryPayload> {
  const { db, log, metrics } = deps;
  const { smtpUrl, smtpFrom } = deps.config;

  async function deliver({ outboxId }: EmailDeliveryPayload): Promise<void> {
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    // Sent already: an attempt got through, but its worker stopped before the job was removed.
    if (!email || email.sentAt) return;
    // Queued by a process with SMTP_URL, taken by one without: this one's delivery is the log.
    if (!smtpUrl) {
      keptInOutbox(log, metrics, {
        to: email.toAddress,
        kind: email.kind,
        subject: email.subject,
        text: email.textBody,
      });
      return;
    }
    // A connection per attempt: attempts are minutes apart, and nothing is left open at shutdown.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // SMTP_URL's own query (e.g. ?connectionTimeout=…) wins over these.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      logger: false,
      debug: false,
    });
    try {
      await transport.sendMail({
        from: smtpFrom,
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
      });
    } catch (error) {
      const failure = smtpFailure(error, serverOf(smtpUrl));
      const lastError = failure.serverResponse
        ? `${failure.message} ${failure.serverResponse}`
        : failure.message;
      await db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: storableText(lastError) })
        .where(eq(emailOutbox.id, outboxId));
      metrics.recordOutboundSend('email', 'failed');
      if (failure.transient) throw failure;
      // The same email would be refused again: the user can ask for a new one.
      log.error(
        { err: failure, to: email.toAddress, kind: email.kind, outboxId },
        'SMTP refused an email for good; it is not tried again',
      );
      return;
    } finally {
      transport.close();
    }
    await db
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
      .where(eq(emailOutbox.id, outboxId));
    metrics.recordOutboundSend('email', 'sent');
  }

  return {
    kind: EMAIL_DELIVERY_JOB,
    maxAttempts: DELIVERY_ATTEMPTS,
    // A bulk email queues one job per lead; two at a time keeps them moving without hogging the worker.
    concurrency: 2,
    run: deliver,
    async onFailed({ outboxId }, error) {
      log.error({ err: error, outboxId }, `email not delivered after ${DELIVERY_ATTEMPTS} attempts`);
    },
  };
}
