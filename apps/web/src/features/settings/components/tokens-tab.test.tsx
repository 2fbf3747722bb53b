import { routes as apiRoutes, type TokenUsage } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute, type RouteFake } from '@/test-support/fake-api';
import { renderWithProviders, sampleSettings, signedInRoutes } from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

function days(tokensByDay: Record<number, number> = {}): TokenUsage['daily'] {
  const first = Date.UTC(2025, 5, 1);
  return Array.from({ length: 30 }, (_, index) => ({
    date: new Date(first + index * 86_400_000).toISOString().slice(0, 10),
    tokens: tokensByDay[index] ?? 0,
  }));
}

const usage: TokenUsage = {
  used: 124_567,
  total: 1_000_000,
  periodStart: '2025-06-01T00:00:00.000Z',
  byModel: [
    { model: 'gpt-4o-mini', tokens: 100_000 },
    { model: 'claude-3-5-haiku', tokens: 24_567 },
  ],
  daily: days({ 28: 24_567, 29: 100_000 }),
};

async function openTokens(reply: RouteFake<typeof apiRoutes.usage.tokens>) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    {
      server: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.usage.tokens, reply),
        ...fakeRoute(apiRoutes.settings.update, { body: sampleSettings({ language: 'de' }) }),
      },
    },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  await rendered.user.click(dialog.getByRole('tab', { name: 'Tokens' }));
  return { ...rendered, dialog };
}

describe('Tokens tab', () => {
  it('shows used against total with a progress bar, the per-model breakdown and the daily chart', async () => {
    const { dialog } = await openTokens({ body: usage });
    const progress = await dialog.findByRole('progressbar', { name: 'Tokens used this month' });
    expect(progress).toHaveAttribute('aria-valuenow', '124567');
    expect(progress).toHaveAttribute('aria-valuemax', '1000000');
    // Compact from 10,000 up, like every count in the app (issue 27).
    expect(progress).toHaveAttribute('aria-valuetext', '124.6K of 1M tokens (12.5%)');
    expect(dialog.getByText('124.6K')).toBeInTheDocument();
    expect(dialog.getByText('of 1M tokens')).toBeInTheDocument();
    expect(dialog.getByText('875.4K tokens left this month')).toBeInTheDocument();

    const byModel = dialog.getByRole('table', { name: 'Usage by model' });
    const rows = within(byModel)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['gpt-4o-mini', '100K'],
      ['claude-3-5-haiku', '24.6K'],
    ]);

    const chart = dialog.getByRole('img', { name: 'Daily usage, last 30 days' });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    expect(bars[29]!.querySelector('title')).toHaveTextContent('Jun 30: 100K tokens');
    // The tallest day fills the chart; a day without usage has no bar.
    expect(Number(bars[29]!.getAttribute('height'))).toBeGreaterThan(
      Number(bars[28]!.getAttribute('height')),
    );
    expect(bars[0]!.getAttribute('height')).toBe('0');

    const figures = dialog.getByRole('table', { name: 'Tokens used per day, last 30 days' });
    expect(within(figures).getAllByRole('row')).toHaveLength(31);
    expect(within(figures).getByRole('row', { name: 'Jun 29 24.6K' })).toBeInTheDocument();
  });

  it('formats the figures for the interface language', async () => {
    const { dialog, user } = await openTokens({ body: usage });
    await dialog.findByRole('progressbar');
    await user.click(dialog.getByRole('tab', { name: 'Language' }));
    await user.selectOptions(await dialog.findByLabelText('Interface language'), 'Deutsch');
    await user.click(await dialog.findByRole('tab', { name: 'Token-Verbrauch' }));
    expect(await dialog.findByText('124.567')).toBeInTheDocument();
    // German has no short word for thousands, only for millions.
    expect(dialog.getByText('von 1 Mio. Tokens')).toBeInTheDocument();
  });

  it('says when nothing has been used yet', async () => {
    const { dialog } = await openTokens({
      body: { ...usage, used: 0, byModel: [], daily: days() },
    });
    const progress = await dialog.findByRole('progressbar', { name: 'Tokens used this month' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(dialog.getByText(/No tokens used yet this month/)).toBeInTheDocument();
    expect(dialog.queryByRole('table', { name: 'Usage by model' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('img', { name: 'Daily usage, last 30 days' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the usage', async () => {
    const { dialog, user, fake } = await openTokens(errorReply(500, 'internal', ''));
    // One automatic retry first, then the error.
    expect(await dialog.findByText('Failed to load token usage', {}, { timeout: 4000 })).toBeInTheDocument();
    fake.fake(apiRoutes.usage.tokens, { body: usage });
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('progressbar', { name: 'Tokens used this month' })).toBeInTheDocument();
  });
});
