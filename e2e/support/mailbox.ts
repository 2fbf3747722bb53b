import { expect } from '@playwright/test';
import { FAKE_SMTP_HTTP_PORT } from './constants';

interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for an email to arrive at the fake SMTP server and returns the link it carries. */
export async function emailedLink(to: string, pathPrefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `http://127.0.0.1:${FAKE_SMTP_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`,
        );
        const messages = (await response.json()) as ReceivedEmail[];
        for (const message of messages.reverse()) {
          const match = new RegExp(`https?://[^\\s]+${pathPrefix}\\?token=[\\w%-]+`).exec(message.text);
          if (match) {
            link = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `an email with a ${pathPrefix} link to ${to}` },
    )
    .toBe(true);
  return link!;
}

export function uniqueEmail(label = 'e2e'): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
