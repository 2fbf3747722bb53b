import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox, eq, sql, type Db } from '@doppel/db';
import type { Mailer } from '../../lib/mailer';
import type { Metrics } from '../../lib/metrics';

/**
 * Without SMTP_URL the outbox table and a log line (which carries the link) are the delivery,
 * so a fresh clone can still verify accounts and reset passwords offline.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  metrics: Metrics;
}): Mailer {
  const { db, log, metrics } = options;
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(email) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          userId: email.userId,
          kind: email.kind,
          toAddress: email.to,
          subject: email.subject,
          textBody: email.text,
        })
        .returning({ id: emailOutbox.id });
      if (!transport) {
        log.info(
          { to: email.to, kind: email.kind, body: email.text },
          `email kept in outbox (no SMTP_URL): ${email.subject}`,
        );
        metrics.recordOutboundSend('email', 'kept');
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
        });
        await db
          .update(emailOutbox)
          .set({ sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1` })
          .where(eq(emailOutbox.id, row!.id));
        metrics.recordOutboundSend('email', 'sent');
      } catch (error) {
        metrics.recordOutboundSend('email', 'failed');
        // The user can ask for the email again; a delivery failure must not fail the request.
        log.error({ err: error, to: email.to, kind: email.kind }, 'SMTP delivery failed');
        await db
          .update(emailOutbox)
          .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: String(error) })
          .where(eq(emailOutbox.id, row!.id));
      }
    },
    close() {
      transport?.close();
    },
  };
}
