import { expect, test } from '@playwright/test';
import { FAKE_TELEGRAM_CHAT_ID, FAKE_TELEGRAM_PORT } from './fake-servers/fake-telegram-server';
import { apiAs, createVerifiedAccount, signInThroughForm } from './support/accounts';

const TELEGRAM = `http://127.0.0.1:${FAKE_TELEGRAM_PORT}`;
const PRICE_LINE = 'Наши пилоты платные: четырёхнедельный пилот стоит 5000 евро и переходит в годовой план.';
const MESSAGE = 'Здравствуйте! Можем ли мы начать пилот в следующем месяце? Сколько стоит пилот?';

/*
 * Issue 20: with the interface in Russian and no language model, the twin's analysis of a new
 * message is Russian (the offline engine's texts live with the translations), and "Why this
 * draft" names the knowledge passage the draft cited, linked to its document.
 */
test('no model, Russian interface: the analysis is Russian and "Why this draft" names the cited passage', async ({
  page,
  request,
}) => {
  const token = `${Date.now()}:E2E-${Math.random().toString(36).slice(2, 12)}`;
  const account = await createVerifiedAccount(request, 'Мара Квист');
  const api = await apiAs(request, account);
  await api('PATCH', '/api/settings', { language: 'ru' });
  await api('POST', '/api/messengers', { platform: 'telegram', credentials: { bot_token: token } });
  await api('POST', '/api/documents/thoughts', {
    name: 'Цены',
    content: `${PRICE_LINE}\n\nГодовые планы от 24 000 евро.`,
  });

  await signInThroughForm(page, account);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ассистент/);

  const delivered = await request.post(`${TELEGRAM}/control/deliver`, {
    data: { token, text: MESSAGE, chatId: FAKE_TELEGRAM_CHAT_ID, firstName: 'Оскар' },
  });
  expect(await delivered.json()).toMatchObject({ status: 200 });

  const taskCard = page.getByRole('button', { name: /Оскар/ }).filter({ hasText: 'пилот' });
  await expect(taskCard).toBeVisible({ timeout: 15_000 });
  await taskCard.click();

  // The analysis, by the offline engine, in Russian: no model is configured.
  const analysis = page.getByRole('region', { name: 'Анализ ИИ' });
  await expect(analysis.getByText('Офлайн-анализ')).toBeVisible();
  // The summary quotes the request, not the greeting before it.
  await expect(
    analysis.getByText('Оскар пишет: «Можем ли мы начать пилот в следующем месяце?»'),
  ).toBeVisible();
  await expect(analysis.getByText('Платный пилот', { exact: true })).toBeVisible();
  await expect(analysis.getByText(/\. Опирайтесь на «Цены» из вашей базы знаний\.$/)).toBeVisible();

  // A detailed draft cites the price note; "Why this draft" lists it, linked to the note.
  await page.getByRole('button', { name: 'Создать подробный' }).click();
  const draft = page.getByRole('textbox', { name: 'Сообщение' });
  await expect(draft).toHaveValue(new RegExp(PRICE_LINE.slice(0, 40)));
  const why = page.getByRole('button', { name: 'Почему такой черновик' });
  await expect(why).toHaveAttribute('aria-expanded', 'false');
  await why.click();
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  const details = page.getByRole('definition').filter({ has: page.getByRole('link', { name: 'Цены' }) });
  await expect(details).toContainText('четырёхнедельный пилот');
  await expect(page.getByText('Офлайн-движок: правила и шаблоны, не языковая модель')).toBeVisible();
  await expect(page.getByText(/Русский: язык (сообщения|контакта)/i)).toBeVisible();
  await details.getByRole('link', { name: 'Цены' }).click();
  // The note opens at the passage: shown first, and marked in the preview.
  await expect(page).toHaveURL(/\/documents\?document=[^&]+&passage=/);
  const note = page.getByRole('dialog', { name: 'Цены' });
  await expect(note.getByRole('heading', { name: 'Процитированный фрагмент' })).toBeVisible();
  await expect(note.getByLabel('Фрагмент содержимого').locator('mark')).toContainText(
    'четырёхнедельный пилот стоит 5000 евро',
  );
});
