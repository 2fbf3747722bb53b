import { routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, type FakeHandler, fakeRoute, routeKey } from '@/test-support/fake-api';
import { campaignDetailServer, makeCampaign } from '../test-support/campaign-detail-server';
import { renderCampaignDetail } from '../test-support/render-campaign-detail';

/** The value shown for a figure of a <dl> (its <dt> text → the <dd> after it). */
function figure(scope: HTMLElement, label: string): string | null | undefined {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Campaign detail', () => {
  it('shows the header, and the overview figures of the campaign', async () => {
    renderCampaignDetail(campaignDetailServer());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seed Round Investors' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Status:').parentElement).toHaveTextContent('Status: Active');
    expect(screen.getByText('Campaign type:').parentElement).toHaveTextContent('Campaign type: Investor');
    expect(screen.queryByText('Sample')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute('href', '/business');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    const metrics = section('Key figures');
    expect(figure(metrics, 'Leads')).toBe('1,234');
    expect(figure(metrics, 'Response')).toBe('25%');
    expect(figure(metrics, 'Qualified')).toBe('6');
    expect(figure(metrics, 'Cost per lead')).toBe('500 tokens');
    expect(within(metrics).getByText('10 of 40 contacted replied')).toBeInTheDocument();

    const progress = screen.getByRole('progressbar', { name: 'Campaign progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '45');
    const stages = within(section('Progress')).getByRole('list', { name: 'Stages' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Extraction — done', 'Enrichment — not done yet', 'Engagement — not done yet']);

    const tokens = section('Token usage');
    expect(within(tokens).getByText('61.5K of 200K tokens')).toBeInTheDocument();
    expect(figure(tokens, 'Daily budget')).toBe('7,000 tokens');
    expect(figure(tokens, 'Remaining')).toBe('138.5K tokens');

    const sources = within(section('Data sources')).getByRole('list', { name: 'Data sources' });
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((item) => item.firstElementChild?.nextElementSibling?.firstElementChild?.textContent),
    ).toEqual(['CSV Upload', 'Google Sheets', 'Apollo Search']);
    expect(within(sources).getByText("Needs the sheet's CSV address (Settings)")).toBeInTheDocument();
    expect(figure(section('Data sources'), 'Enrichment tools')).toBe('Clearbit, Hunter.io');

    const ai = section('AI configuration');
    expect(figure(ai, 'Model')).toBe('gpt-4o-mini');
    expect(figure(ai, 'Personalization')).toBe('High');
    expect(figure(ai, 'Temperature')).toBe('0.7');
    expect(figure(ai, 'Max tokens')).toBe('2,000');
    expect(figure(ai, 'Tokens used')).toBe('61.5K');
  });

  it('writes small token figures in full, never as "0K" (issue 27)', async () => {
    const campaign = makeCampaign();
    renderCampaignDetail(
      campaignDetailServer({
        campaign: {
          ...campaign,
          metrics: { ...campaign.metrics, cost_per_lead: 0.82 },
          budget: { total: 200, spent: 0, daily: 1 },
          ai_config: { ...campaign.ai_config, tokens_used: 0, avg_cost_per_message: 1 },
        },
      }),
    );
    const metrics = await screen.findByRole('region', { name: 'Key figures' });
    expect(figure(metrics, 'Cost per lead')).toBe('820 tokens');
    const tokens = section('Token usage');
    expect(within(tokens).getByText('0 of 200K tokens')).toBeInTheDocument();
    expect(figure(tokens, 'Daily budget')).toBe('1,000 tokens');
    expect(figure(tokens, 'Remaining')).toBe('200K tokens');
    expect(figure(section('AI configuration'), 'Average per message')).toBe('1 token');
  });

  it('formats the figures for the interface language', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('de');
    renderCampaignDetail(campaignDetailServer());
    const metrics = await screen.findByRole('region', { name: 'Kennzahlen' });
    expect(figure(metrics, 'Interessenten')).toBe('1.234');
    expect(figure(metrics, 'Antwortquote')).toMatch(/^25\s%$/);
    const tokens = screen.getByRole('region', { name: 'Tokenverbrauch' });
    expect(within(tokens).getByText('61.500 von 200.000 Tokens')).toBeInTheDocument();
  });

  it('writes token figures compact from 10,000 up in Russian, with the plural they take', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('ru');
    renderCampaignDetail(campaignDetailServer());
    const tokens = await screen.findByRole('region', { name: 'Расход токенов' });
    expect(within(tokens).getByText('61,5 тыс. из 200 тыс. токенов')).toBeInTheDocument();
    expect(figure(tokens, 'Дневной бюджет')).toBe('7\u00a0000 токенов');
    expect(figure(screen.getByRole('region', { name: 'Ключевые показатели' }), 'Цена лида')).toBe(
      '500 токенов',
    );
  });

  it('labels a sample campaign', async () => {
    renderCampaignDetail(campaignDetailServer({ campaign: makeCampaign({ isSample: true }) }));
    expect(await screen.findByText('Sample')).toBeInTheDocument();
  });

  it('retries a failed run of an active campaign from the run’s notice', async () => {
    const campaign = makeCampaign({
      status: 'active',
      run: {
        state: 'failed',
        stage: 'extraction',
        error: 'No leads were found. Add leads or set up a source, then retry the run.',
        updatedAt: '2026-03-05T09:00:00.000Z',
        notes: [],
      },
    });
    const server = campaignDetailServer({ campaign });
    const { user, fake } = renderCampaignDetail(server);
    const run = await screen.findByRole('region', { name: 'Run' });
    await user.click(within(run).getByRole('button', { name: 'Retry the run' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.retry, { id: server.state.campaign.id })).toHaveLength(1),
    );
    expect(await screen.findByText('The run started again')).toBeInTheDocument();
    expect(within(run).queryByRole('button', { name: 'Retry the run' })).not.toBeInTheDocument();
  });

  it('offers no retry for a paused campaign: Start runs it again', async () => {
    const campaign = makeCampaign({
      status: 'paused',
      run: { state: 'failed', stage: 'extraction', error: 'No leads.', updatedAt: null, notes: [] },
    });
    renderCampaignDetail(campaignDetailServer({ campaign }));
    const run = await screen.findByRole('region', { name: 'Run' });
    expect(within(run).queryByRole('button', { name: 'Retry the run' })).not.toBeInTheDocument();
  });

  it('shows what the run did and what needs setting up, and opens Settings from there', async () => {
    const campaign = makeCampaign({
      run: {
        state: 'failed',
        stage: 'extraction',
        error: 'Apollo answered 401.',
        updatedAt: '2026-03-05T09:00:00.000Z',
        notes: [
          { stage: 'extraction', subject: 'csv_upload', outcome: 'imported', count: 12 },
          { stage: 'extraction', subject: 'apollo_search', outcome: 'needs_credential' },
          { stage: 'extraction', subject: 'google_sheets', outcome: 'needs_url' },
          { stage: 'extraction', subject: 'linkedin_search', outcome: 'unavailable' },
          { stage: 'enrichment', subject: 'clearbit', outcome: 'simulated', count: 24 },
          { stage: 'engagement', subject: 'email', outcome: 'tasks_created', count: 3 },
        ],
      },
    });
    const { user } = renderCampaignDetail(campaignDetailServer({ campaign }));

    const run = await screen.findByRole('region', { name: 'Run' });
    expect(within(run).getByRole('status')).toHaveTextContent('The last run failed');
    expect(within(run).getByRole('alert')).toHaveTextContent('Apollo answered 401.');
    const notes = within(run).getByRole('list', { name: 'What each source and tool did' });
    const lines = within(notes)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent?.replace(/\s+/g, ' '));
    expect(lines).toEqual([
      'CSV Upload — Leads imported: 12',
      'Apollo Search — Needs your API key. Add it in Settings.',
      "Google Sheets — Needs the sheet's CSV address. Set it in Settings.",
      'LinkedIn Search — Skipped: this source has no open API to read from.',
      'Clearbit — Simulated values: 24 (made up, not real data).',
      'Email — Outreach tasks created: 3',
    ]);

    await user.click(within(notes).getByRole('button', { name: 'Set up Apollo Search' }));
    expect(await screen.findByRole('dialog', { name: 'Campaign settings' })).toBeInTheDocument();
  });

  it('words the held leads and a spent daily budget, each with the way to Settings', async () => {
    const campaign = makeCampaign({
      run: {
        state: 'idle',
        stage: 'engagement',
        error: null,
        updatedAt: '2026-03-05T09:00:00.000Z',
        notes: [
          { stage: 'engagement', subject: 'quality', outcome: 'held', count: 7 },
          { stage: 'engagement', subject: 'ai', outcome: 'daily_budget_spent', count: 4 },
          { stage: 'engagement', subject: 'email', outcome: 'tasks_created', count: 9 },
        ],
      },
    });
    const { user } = renderCampaignDetail(campaignDetailServer({ campaign }));
    const run = await screen.findByRole('region', { name: 'Run' });
    const notes = within(run).getByRole('list', { name: 'What each source and tool did' });
    const lines = within(notes)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent?.replace(/\s+/g, ' '));
    expect(lines).toEqual([
      'Data quality — Leads held below the quality threshold: 7. They are not contacted; lower the threshold in Settings to reach them.',
      "AI configuration — Today's token budget is spent: no model was called; leads drafted by the offline engine: 4. The model drafts again tomorrow, or raise the daily budget in Settings.",
      'Email — Outreach tasks created: 9',
    ]);
    expect(within(notes).queryByText(/Result:/)).not.toBeInTheDocument();

    expect(within(notes).getByRole('button', { name: 'Set up Data quality' })).toBeInTheDocument();
    await user.click(within(notes).getByRole('button', { name: 'Set up AI configuration' }));
    expect(await screen.findByRole('dialog', { name: 'Campaign settings' })).toBeInTheDocument();
  });

  it('words the held leads in Russian', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('ru');
    try {
      const campaign = makeCampaign({
        run: {
          state: 'idle',
          stage: 'engagement',
          error: null,
          updatedAt: null,
          notes: [{ stage: 'engagement', subject: 'quality', outcome: 'held', count: 3 }],
        },
      });
      renderCampaignDetail(campaignDetailServer({ campaign }));
      const run = await screen.findByRole('region', { name: 'Выполнение' });
      expect(within(run).getByRole('listitem').querySelector('p')).toHaveTextContent(
        'Качество данных — Лидов задержано ниже порога качества: 3.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  /** A failed run whose notes and error carry codes, with the server's English beside them. */
  const codedRun = () =>
    makeCampaign({
      run: {
        state: 'failed',
        stage: 'extraction',
        error: 'No leads were found (pipedrive: The Pipedrive API token was refused.). Add leads …',
        errorCode: 'no_leads',
        updatedAt: '2026-03-05T09:00:00.000Z',
        notes: [
          {
            stage: 'extraction',
            subject: 'google_sheets',
            outcome: 'imported',
            count: 0,
            detail: '2 rows were skipped (no name, or an email that is not an address).',
            problem: 'rows_skipped',
            skipped: 2,
          },
          {
            stage: 'extraction',
            subject: 'pipedrive',
            outcome: 'failed',
            detail: 'The Pipedrive API token was refused.',
            problem: 'credential_refused',
          },
          {
            stage: 'extraction',
            subject: 'apollo_search',
            outcome: 'failed',
            detail: 'Apollo answered with an error (HTTP 503).',
            problem: 'provider_error',
            httpStatus: 503,
          },
          // Stored before codes: its English is all there is.
          {
            stage: 'enrichment',
            subject: 'people_data_labs',
            outcome: 'failed',
            detail: 'People Data Labs says the account has no credits left.',
          },
        ],
      },
    });

  /** Each note's reason line (the line under its outcome), in order. */
  const reasons = (run: HTMLElement) =>
    within(within(run).getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.querySelectorAll('p')[1]?.textContent ?? null);

  it('words the run’s coded reasons and error, and shows an old run’s English as it was stored', async () => {
    renderCampaignDetail(campaignDetailServer({ campaign: codedRun() }));
    const run = await screen.findByRole('region', { name: 'Run' });
    expect(within(run).getByRole('alert')).toHaveTextContent(
      'No leads were found. Add leads or set up a source (each one says below what it needs), then retry the run.',
    );
    expect(reasons(run)).toEqual([
      '2 rows were skipped (no name, or an email that is not an address).',
      'Pipedrive refused the saved key. Replace it in Settings.',
      'Apollo answered with an error (HTTP 503).',
      'People Data Labs says the account has no credits left.',
    ]);
    expect(within(run).queryByText('The Pipedrive API token was refused.')).not.toBeInTheDocument();
  });

  it('words the coded reasons and error in Russian, and keeps an old run’s stored English', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('ru');
    try {
      renderCampaignDetail(campaignDetailServer({ campaign: codedRun() }));
      const run = await screen.findByRole('region', { name: 'Выполнение' });
      expect(within(run).getByRole('alert')).toHaveTextContent(
        'Лиды не найдены. Добавьте лиды или настройте источник (ниже указано, что нужно каждому), затем повторите запуск.',
      );
      expect(reasons(run)).toEqual([
        'Пропущены 2 строки: без имени или с неверным адресом почты.',
        'Pipedrive не принимает сохранённый ключ. Замените его в настройках.',
        'Ошибка на стороне Apollo (HTTP 503).',
        'People Data Labs says the account has no credits left.',
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the stored English error of a run from before error codes', async () => {
    const campaign = makeCampaign({
      run: {
        state: 'failed',
        stage: 'extraction',
        error:
          'No leads were found (pipedrive: needs credential). Add leads or set up a source, then retry the run.',
        updatedAt: null,
        notes: [],
      },
    });
    renderCampaignDetail(campaignDetailServer({ campaign }));
    const run = await screen.findByRole('region', { name: 'Run' });
    expect(within(run).getByRole('alert')).toHaveTextContent(
      'No leads were found (pipedrive: needs credential). Add leads or set up a source, then retry the run.',
    );
  });

  it('reads the campaign again while its run is going', async () => {
    const server = campaignDetailServer({
      campaign: makeCampaign({
        run: { state: 'running', stage: 'extraction', notes: [], error: null, updatedAt: null },
      }),
    });
    const { fake } = renderCampaignDetail(server);
    expect(await screen.findByText('Running: Extraction')).toBeInTheDocument();
    server.state.campaign = {
      ...server.state.campaign,
      run: { state: 'idle', stage: 'extraction', notes: [], error: null, updatedAt: null },
    };
    expect(await screen.findByText('Not running', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(
      fake.callsTo(apiRoutes.campaigns.get, { id: server.state.campaign.id }).length,
    ).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('starts a draft campaign, then offers Pause and pauses it', async () => {
    const server = campaignDetailServer({ campaign: makeCampaign({ status: 'draft' }) });
    const { user, fake } = renderCampaignDetail(server);

    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })).toHaveLength(
        1,
      ),
    );
    expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })[0]!.body).toEqual(
      { action: 'start' },
    );
    expect(await screen.findByText('Campaign started')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByText('Status:').parentElement).toHaveTextContent('Status: Active');

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })).toHaveLength(
        2,
      ),
    );
    expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })[1]!.body).toEqual(
      { action: 'pause' },
    );
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByText('Status:').parentElement).toHaveTextContent('Status: Paused');
  });

  it('shows Start disabled and no Complete or Cancel for an ended campaign', async () => {
    renderCampaignDetail(campaignDetailServer({ campaign: makeCampaign({ status: 'completed' }) }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel campaign' })).not.toBeInTheDocument();
  });

  it('asks before completing, and acts only on confirmation', async () => {
    const server = campaignDetailServer();
    const { user, fake } = renderCampaignDetail(server);

    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Complete this campaign?' });
    await user.click(within(ask).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const again = await screen.findByRole('alertdialog', { name: 'Complete this campaign?' });
    await user.click(within(again).getByRole('button', { name: 'Complete campaign' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })).toHaveLength(
        1,
      ),
    );
    expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })[0]!.body).toEqual(
      { action: 'complete' },
    );
    await waitFor(() =>
      expect(screen.getByText('Status:').parentElement).toHaveTextContent('Status: Completed'),
    );
  });

  it('asks before cancelling, and a refused transition is toasted', async () => {
    const server = campaignDetailServer();
    const { user, fake } = renderCampaignDetail(server, {
      overrides: {
        ...fakeRoute(
          apiRoutes.campaigns.changeStatus,
          { id: makeCampaign().id },
          errorReply(409, 'conflict', 'Already ended.'),
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel campaign' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Cancel this campaign?' });
    expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })).toHaveLength(
        1,
      ),
    );
    expect(fake.callsTo(apiRoutes.campaigns.changeStatus, { id: server.state.campaign.id })[0]!.body).toEqual(
      { action: 'cancel' },
    );
    expect(await screen.findByText('Already ended.')).toBeInTheDocument();
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const server = campaignDetailServer();
    const { user, fake, location } = renderCampaignDetail(server);
    await user.click(await screen.findByRole('button', { name: 'Delete campaign' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete this campaign?' });
    expect(ask).toHaveTextContent('“Seed Round Investors” and all its leads are deleted for good.');
    await user.click(within(ask).getByRole('button', { name: 'Delete campaign' }));
    await waitFor(() => expect(location().pathname).toBe('/business'));
    expect(fake.callsTo(apiRoutes.campaigns.delete, { id: server.state.campaign.id })).toHaveLength(1);
    expect(await screen.findByText('Campaign deleted')).toBeInTheDocument();
  });

  it('opens the Settings dialog from ?settings=1, and closing it drops the parameter', async () => {
    const { user, location } = renderCampaignDetail(campaignDetailServer(), { search: '?settings=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Campaign settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location().search).toBe('');
  });

  it('shows four platform tiles on a phone', async () => {
    renderCampaignDetail(campaignDetailServer(), { width: 390 });
    const platforms = await screen.findByRole('list', { name: 'Platforms' });
    expect(
      within(platforms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LinkedIn', 'Email', 'WhatsApp', 'Phone']);
  });

  it('shows no platform tiles on a desktop', async () => {
    renderCampaignDetail(campaignDetailServer());
    await screen.findByRole('region', { name: 'Key figures' });
    expect(screen.queryByRole('list', { name: 'Platforms' })).not.toBeInTheDocument();
  });

  it('says when the campaign does not exist', async () => {
    const server = campaignDetailServer();
    server.state.deleted = true;
    renderCampaignDetail(server);
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument();
  });

  it('shows an error with retry when the campaign fails to load', async () => {
    const server = campaignDetailServer();
    const { user, fake } = renderCampaignDetail(server, {
      overrides: {
        ...fakeRoute(apiRoutes.campaigns.get, { id: server.state.campaign.id }, errorReply(500, 'internal')),
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The campaign could not be loaded.');
    fake.route(
      routeKey(apiRoutes.campaigns.get, { id: server.state.campaign.id }),
      server.routes[routeKey(apiRoutes.campaigns.get, { id: server.state.campaign.id })] as FakeHandler,
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seed Round Investors' }),
    ).toBeInTheDocument();
  });
});
