/*
 * What domain code sends email through; integrations/email/mailer.ts delivers it (SMTP, else the
 * outbox table and the log).
 */

export interface OutgoingEmail {
  userId: string | null;
  /** What the email is for: verify_email, reset_password, change_email, … */
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the email in the outbox, then delivers it through SMTP when configured. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}
