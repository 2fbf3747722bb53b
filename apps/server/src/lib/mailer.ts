import type { DbOrTx } from '@doppel/db';

/*
 * What domain code sends email through; integrations/email/mailer.ts delivers it: a durable job
 * sends it through SMTP_URL with retries, or, without SMTP_URL, the outbox table and the log are
 * the delivery.
 */

export interface OutgoingEmail {
  /** Whose email it is; the delivery job is theirs. */
  userId: string;
  /** What the email is for: verify_email, reset_password, change_email, … */
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Records the email in the outbox and queues its delivery, in `tx` when given (so it goes out
   * only if that transaction commits), else in a transaction of its own. Never waits for SMTP.
   */
  send(email: OutgoingEmail, tx?: DbOrTx): Promise<void>;
}
