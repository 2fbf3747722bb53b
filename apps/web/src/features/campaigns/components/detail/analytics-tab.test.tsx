import { routes as apiRoutes } from '@doppel/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, type FakeHandler, routeKey } from '@/test-support/fake-api';
import { campaignDetailServer, sampleAnalytics } from '../../test-support/campaign-detail-server';
import { renderCampaignDetail } from '../../test-support/render-campaign-detail';

describe('Analytics tab', () => {
  it('draws the funnel with each step’s count and conversion from the step before', async () => {
    renderCampaignDetail(campaignDetailServer(), { search: '?tab=analytics' });
    const funnel = await screen.findByRole('region', { name: 'Conversion funnel' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Found40',
      'Contacted20 · 50% of Found',
      'Responded5 · 25% of Contacted',
      'Qualified2 · 40% of Responded',
      'Converted1 · 50% of Qualified',
    ]);
  });

  it('titles the leads-over-time chart and gives its figures as a table', async () => {
    renderCampaignDetail(campaignDetailServer(), { search: '?tab=analytics' });
    const chart = await screen.findByRole('figure', { name: 'Leads over time' });
    const table = within(chart).getByRole('table', { name: 'Leads found and contacted per day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayFoundContacted', 'Mar 1100', 'Mar 2258', 'Mar 34020']);
    expect(screen.queryByText(/will be displayed here/)).not.toBeInTheDocument();
  });

  it('says when there is nothing to chart yet', async () => {
    renderCampaignDetail(campaignDetailServer({ analytics: { ...sampleAnalytics(), leadsOverTime: [] } }), {
      search: '?tab=analytics',
    });
    expect(
      await screen.findByText('No leads yet: the chart fills in as leads are found.'),
    ).toBeInTheDocument();
  });

  it('shows an error with retry', async () => {
    const server = campaignDetailServer();
    const route = routeKey(apiRoutes.campaigns.analytics, { id: server.state.campaign.id });
    const { user, fake } = renderCampaignDetail(server, {
      search: '?tab=analytics',
      overrides: { [route]: errorReply(500, 'internal') },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The analytics could not be loaded.');
    fake.route(route, server.routes[route] as FakeHandler);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Conversion funnel' })).toBeInTheDocument();
  });
});
