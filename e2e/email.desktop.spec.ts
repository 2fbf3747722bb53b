import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { startDovecot, type TestDovecot } from '../apps/server/src/test-support/dovecot';
import { startSmtpTestServer, type SmtpTestServer } from '../apps/server/src/test-support/smtp-test-server';
import { createVerifiedAccount, settingsButton, signInThroughForm } from './support/accounts';

/*
 * The user's own mailbox (issue 18): a real Dovecot (IMAP) and SMTP server on 127.0.0.1 that
 * this test starts. Connect it in the UI, a mail arrives and its task appears live, the reply
 * from the composer goes out in the thread and is kept in Sent.
 */

const LOGIN = 'e2e-mail';
const PASSWORD = 'e2e-app-password-0001';
const ADDRESS = 'owner@doppel-e2e.test';

let dovecot: TestDovecot;
let smtp: SmtpTestServer;

test.beforeAll(async () => {
  dovecot = await startDovecot({ users: [{ name: LOGIN, password: PASSWORD }] });
  smtp = await startSmtpTestServer({ users: { [LOGIN]: PASSWORD } });
});

test.afterAll(async () => {
  await dovecot?.stop();
  await smtp?.close();
});

test('Email: connect the mailbox, a mail becomes a task live, the reply goes out in its thread', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedAccount(request, 'Lea Brandt');
  await signInThroughForm(page, account);

  await settingsButton(page).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Messengers' }).click();
  await settings.getByRole('button', { name: 'Connect', exact: true }).click();
  const connect = page.getByRole('dialog', { name: 'Connect a messenger' });
  await connect.getByRole('radio', { name: /Email/ }).check();
  await connect.getByLabel('Email address').fill(ADDRESS);
  await connect.getByLabel(/^Sender name/).fill('Lea Brandt');
  await connect.getByLabel('IMAP server').fill(dovecot.host);
  // Plain IMAP and SMTP on 127.0.0.1; the switch moves the port, so the port comes after it.
  await connect.getByRole('switch', { name: 'Use SSL/TLS for IMAP' }).click();
  await connect.getByLabel('IMAP port').fill(String(dovecot.port));
  await connect.getByLabel(/^IMAP user name/).fill(LOGIN);
  await connect.getByLabel('IMAP password').fill(PASSWORD);
  await connect.getByLabel('SMTP server').fill(smtp.host);
  await connect.getByRole('switch', { name: 'Use SSL/TLS for SMTP' }).click();
  await connect.getByLabel('SMTP port').fill(String(smtp.port));
  await connect.getByLabel(/^SMTP user name/).fill(LOGIN);
  await connect.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Email connected successfully')).toBeVisible({ timeout: 20_000 });
  const card = settings.getByRole('listitem', { name: /Email/ });
  await expect(card.getByText('Connected')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // A customer writes: the mail lands in the mailbox, Doppel reads it (IDLE, else the minute's
  // poll) and the task appears through live updates, without a reload.
  const incomingId = `<angebot.${Date.now()}@kunde.test>`;
  await dovecot.append(
    LOGIN,
    [
      'From: Lena Fischer <lena@kunde.test>',
      `To: ${ADDRESS}`,
      'Subject: Angebot für zehn Plätze',
      `Message-ID: ${incomingId}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hallo Lea, können Sie mir ein Angebot für zehn Plätze schicken?',
    ].join('\r\n'),
  );
  const taskCard = page.getByRole('button', { name: /Lena Fischer: Hallo Lea/ });
  await expect(taskCard).toBeVisible({ timeout: 90_000 });
  await taskCard.click();
  await page.getByRole('button', { name: /Write Custom Message/ }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Angebot für zehn Plätze');
  await page.getByRole('textbox', { name: 'Message' }).fill('Gern, zehn Plätze kosten 900 EUR im Monat.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Delivered via Email')).toBeVisible({ timeout: 30_000 });

  const sent = smtp.messages.filter((message) => message.rcptTo.includes('lena@kunde.test'));
  expect(sent).toHaveLength(1);
  const reply = await simpleParser(sent[0]!.raw);
  expect(reply.inReplyTo).toBe(incomingId);
  expect(reply.subject).toBe('Re: Angebot für zehn Plätze');
  expect(reply.from?.value[0]).toMatchObject({ address: ADDRESS, name: 'Lea Brandt' });
  const inSent = await dovecot.listMessages(LOGIN, 'Sent');
  expect(inSent.map((message) => message.messageId)).toContain(reply.messageId);
});
