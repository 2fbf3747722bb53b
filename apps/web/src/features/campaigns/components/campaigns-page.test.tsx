import { type Campaign, routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, routeKey } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { campaignsServer, makeCampaign } from '../test-support/campaigns-server';
import { CampaignsPage } from './campaigns-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;
const MOBILE = 390;

function renderCampaigns(routes: ServerRoutes, { width = 1280, path = '/business' } = {}) {
  return renderWithProviders(
    <>
      <Route path="/business" element={<CampaignsPage />} />
      <Route path="/business/:id" element={<h1>Campaign detail</h1>} />
    </>,
    { path, server: routes, width },
  );
}

/** The names of a chip group's buttons, in order. */
function chipNames(group: string): (string | null)[] {
  return within(screen.getByRole('group', { name: group }))
    .getAllByRole('button')
    .map((button) => button.textContent);
}

const card = (title: string) => screen.getByRole('article', { name: title });

/** Three campaigns of two types, at the three stages, one of them a demo sample. */
function sampleCampaigns(): Campaign[] {
  return [
    makeCampaign(
      { status: 'active', progress: 10, createdAt: '2026-03-03T09:00:00.000Z' },
      {
        goal: 'raise_funding',
        name: 'Seed Round',
        description: 'Angels and seed funds for B2B AI tools.',
        sources: ['pipedrive', 'inner_crm', 'csv_upload', 'google_sheets', 'manual_input'],
      },
    ),
    makeCampaign(
      { status: 'paused', progress: 33, createdAt: '2026-03-02T09:00:00.000Z' },
      { goal: 'raise_funding', name: 'Series A Funds', description: 'Funds that lead Series A rounds.' },
    ),
    makeCampaign(
      { status: 'completed', progress: 66, isSample: true, createdAt: '2026-03-01T09:00:00.000Z' },
      {
        goal: 'acquire_customers',
        name: 'Agency Outreach (sample)',
        description: 'Marketing agencies in Berlin.',
        sources: ['linkedin_search', 'apollo_search'],
      },
    ),
  ];
}

describe('Campaigns list', () => {
  it(
    'shows the title, the chips with their counts and each card’s badges',
    async () => {
      renderCampaigns(campaignsServer(sampleCampaigns()).routes);

      expect(screen.getByRole('heading', { level: 1, name: 'Growth' })).toBeInTheDocument();
      const list = await screen.findByRole('list', { name: 'Campaigns' });
      // The name before the colon, newest first.
      expect(
        within(list)
          .getAllByRole('heading', { level: 2 })
          .map((heading) => heading.textContent),
      ).toEqual(['Seed Round', 'Series A Funds', 'Agency Outreach (sample)']);

      const chips = screen.getByRole('group', { name: 'Filter by campaign type' });
      expect(
        within(chips)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['All Campaigns (3)', 'Investor (2)', 'Client (1)']);
      expect(within(chips).getByRole('button', { name: 'All Campaigns (3)' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      const seed = card('Seed Round');
      expect(within(seed).getByText('Investor')).toBeInTheDocument();
      expect(within(seed).getByText('Angels and seed funds for B2B AI tools.')).toBeInTheDocument();
      expect(within(seed).getByText('Extraction')).toBeInTheDocument();
      expect(within(seed).getByText('Active')).toHaveAttribute('data-status', 'active');
      expect(within(seed).queryByText('Sample')).not.toBeInTheDocument();

      // Progress 33 is Enrichment, 66 is Engagement.
      expect(within(card('Series A Funds')).getByText('Enrichment')).toBeInTheDocument();
      expect(within(card('Series A Funds')).getByText('Paused')).toBeInTheDocument();
      const agency = card('Agency Outreach (sample)');
      expect(within(agency).getByText('Engagement')).toBeInTheDocument();
      expect(within(agency).getByText('Completed')).toBeInTheDocument();
      expect(within(agency).getByText('Client')).toBeInTheDocument();
      expect(within(agency).getByText('Sample')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows at most three source icons, named, and says how many more there are',
    async () => {
      renderCampaigns(campaignsServer(sampleCampaigns()).routes);
      await screen.findByRole('list', { name: 'Campaigns' });

      const seedSources = within(card('Seed Round')).getByRole('list', { name: 'Contact sources' });
      expect(
        within(seedSources)
          .getAllByRole('img')
          .map((icon) => icon.getAttribute('aria-label')),
      ).toEqual(['Pipedrive', 'Inner CRM', 'CSV Upload']);
      expect(within(seedSources).getByText('More sources: 2')).toBeInTheDocument();

      const agencySources = within(card('Agency Outreach (sample)')).getByRole('list', {
        name: 'Contact sources',
      });
      expect(within(agencySources).getAllByRole('img')).toHaveLength(2);
      expect(within(agencySources).getByRole('img', { name: 'LinkedIn Search' })).toBeInTheDocument();
      expect(within(agencySources).queryByText(/More sources/)).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'filters by type through the server’s type parameter',
    async () => {
      const { user, fake } = renderCampaigns(campaignsServer(sampleCampaigns()).routes);
      await screen.findByRole('list', { name: 'Campaigns' });
      expect(fake.callsTo(apiRoutes.campaigns.list)[0]!.query.toString()).toBe('');

      await user.click(screen.getByRole('button', { name: 'Client (1)' }));
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Seed Round' })).not.toBeInTheDocument(),
      );
      expect(screen.getAllByRole('article')).toHaveLength(1);
      expect(fake.callsTo(apiRoutes.campaigns.list).at(-1)!.query.get('type')).toBe('client_search');
      expect(screen.getByRole('button', { name: 'Client (1)' })).toHaveAttribute('aria-pressed', 'true');
      // The counts are over all campaigns, so the chips stay as they were.
      expect(screen.getByRole('button', { name: 'All Campaigns (3)' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );

      await user.click(screen.getByRole('button', { name: 'All Campaigns (3)' }));
      expect(await screen.findByRole('article', { name: 'Seed Round' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the status chips with their counts over all campaigns',
    async () => {
      renderCampaigns(campaignsServer(sampleCampaigns()).routes);
      await screen.findByRole('list', { name: 'Campaigns' });
      // Every status is offered, a zero included.
      expect(chipNames('Filter by status')).toEqual([
        'All (3)',
        'Draft (0)',
        'Active (1)',
        'Paused (1)',
        'Completed (1)',
        'Cancelled (0)',
      ]);
      expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'Paused (1)' })).toHaveAttribute('aria-pressed', 'false');
    },
    SLOW,
  );

  it(
    'filters by status through the server’s status parameter, keeps it in the address, and with the type',
    async () => {
      const { user, fake, location } = renderCampaigns(campaignsServer(sampleCampaigns()).routes);
      await screen.findByRole('list', { name: 'Campaigns' });
      const lastQuery = () => fake.callsTo(apiRoutes.campaigns.list).at(-1)!.query;

      await user.click(screen.getByRole('button', { name: 'Paused (1)' }));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
      expect(card('Series A Funds')).toBeInTheDocument();
      expect(lastQuery().get('status')).toBe('paused');
      expect(location().search).toBe('?status=paused');
      expect(screen.getByRole('button', { name: 'Paused (1)' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'false');
      // The counts are over all campaigns, so the chips stay as they were.
      expect(chipNames('Filter by status')).toEqual([
        'All (3)',
        'Draft (0)',
        'Active (1)',
        'Paused (1)',
        'Completed (1)',
        'Cancelled (0)',
      ]);

      // With a type too: both go to the server and stay in the address.
      await user.click(screen.getByRole('button', { name: 'Client (1)' }));
      await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
      expect(lastQuery().get('status')).toBe('paused');
      expect(lastQuery().get('type')).toBe('client_search');
      expect(new URLSearchParams(location().search).get('status')).toBe('paused');
      expect(new URLSearchParams(location().search).get('type')).toBe('client_search');
      expect(screen.getByText('No campaigns found')).toBeInTheDocument();
      expect(screen.getByText('No campaigns match your search criteria.')).toBeInTheDocument();

      // From the keyboard: Completed, then All again.
      screen.getByRole('button', { name: 'Completed (1)' }).focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('article', { name: 'Agency Outreach (sample)' })).toBeInTheDocument();
      expect(lastQuery().get('status')).toBe('completed');
      expect(screen.getByRole('button', { name: 'Completed (1)' })).toHaveAttribute('aria-pressed', 'true');
      screen.getByRole('button', { name: 'All (3)' }).focus();
      await user.keyboard(' ');
      await waitFor(() => expect(new URLSearchParams(location().search).get('status')).toBeNull());
      expect(lastQuery().get('status')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'All Campaigns (3)' }));
      // The first answer (no filter) is known already: shown from the cache.
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
      expect(location().search).toBe('');
    },
    SLOW,
  );

  it(
    'reads the status from the address',
    async () => {
      const { fake } = renderCampaigns(campaignsServer(sampleCampaigns()).routes, {
        path: '/business?status=active',
      });
      expect(await screen.findByRole('article', { name: 'Seed Round' })).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(1);
      expect(fake.callsTo(apiRoutes.campaigns.list)[0]!.query.get('status')).toBe('active');
      expect(screen.getByRole('button', { name: 'Active (1)' })).toHaveAttribute('aria-pressed', 'true');
    },
    SLOW,
  );

  it(
    'shows every campaign for an unknown status in the address',
    async () => {
      const { fake } = renderCampaigns(campaignsServer(sampleCampaigns()).routes, {
        path: '/business?status=archived',
      });
      await screen.findByRole('list', { name: 'Campaigns' });
      expect(screen.getAllByRole('article')).toHaveLength(3);
      expect(fake.callsTo(apiRoutes.campaigns.list)[0]!.query.get('status')).toBeNull();
      expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
    },
    SLOW,
  );

  it(
    'says nothing matches when a status has no campaigns, and does not invite to create the first',
    async () => {
      const { user, fake } = renderCampaigns(campaignsServer(sampleCampaigns()).routes);
      await screen.findByRole('list', { name: 'Campaigns' });
      await user.click(screen.getByRole('button', { name: 'Cancelled (0)' }));
      expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
      expect(screen.getByText('No campaigns match your search criteria.')).toBeInTheDocument();
      expect(
        screen.queryByText('Create your first campaign to start generating leads.'),
      ).not.toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.campaigns.list).at(-1)!.query.get('status')).toBe('cancelled');
    },
    SLOW,
  );

  it(
    'searches through the server’s search parameter, and says when nothing matches',
    async () => {
      const { user, fake } = renderCampaigns(campaignsServer(sampleCampaigns()).routes);
      await screen.findByRole('list', { name: 'Campaigns' });
      const box = screen.getByRole('searchbox', { name: 'Search campaigns' });
      expect(box).toHaveAttribute('placeholder', 'Search campaigns...');

      await user.type(box, 'series');
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
      expect(card('Series A Funds')).toBeInTheDocument();
      const searches = fake.callsTo(apiRoutes.campaigns.list).map((call) => call.query.get('search'));
      // Debounced: no request per key.
      expect(searches).not.toContain('s');
      expect(searches.at(-1)).toBe('series');

      await user.clear(box);
      await user.type(box, 'nothing like it');
      expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
      expect(screen.getByText('No campaigns match your search criteria.')).toBeInTheDocument();
      expect(
        screen.queryByText('Create your first campaign to start generating leads.'),
      ).not.toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.campaigns.list).at(-1)!.query.get('search')).toBe('nothing like it');

      await user.click(screen.getByRole('button', { name: 'Clear search' }));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    },
    SLOW,
  );

  it(
    'invites to create the first campaign when there is none',
    async () => {
      const { user } = renderCampaigns(campaignsServer([]).routes);
      expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
      expect(screen.getByText('Create your first campaign to start generating leads.')).toBeInTheDocument();
      expect(screen.queryByText('No campaigns match your search criteria.')).not.toBeInTheDocument();
      const chips = screen.getByRole('group', { name: 'Filter by campaign type' });
      expect(
        within(chips)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['All Campaigns (0)']);

      // Two Create Campaign buttons: the header's and the empty state's; both open the wizard.
      const buttons = screen.getAllByRole('button', { name: 'Create Campaign' });
      expect(buttons).toHaveLength(2);
      await user.click(buttons[1]!);
      expect(await screen.findByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a skeleton while loading and an error with a retry that works',
    async () => {
      const { routes } = campaignsServer(sampleCampaigns());
      const list = routes[routeKey(apiRoutes.campaigns.list)]!;
      let fail = true;
      const { user } = renderCampaigns({
        ...routes,
        [routeKey(apiRoutes.campaigns.list)]: (request) =>
          fail ? errorReply(500, 'internal', '') : typeof list === 'function' ? list(request) : list,
      });
      expect(screen.getByRole('status')).toHaveTextContent('Loading campaigns…');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to load campaigns');

      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('article', { name: 'Seed Round' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'opens the detail from the card, and its settings from the desktop settings button',
    async () => {
      const campaigns = sampleCampaigns();
      const { user, location } = renderCampaigns(campaignsServer(campaigns).routes);
      await screen.findByRole('list', { name: 'Campaigns' });

      await user.click(screen.getByRole('link', { name: 'Settings: Series A Funds' }));
      expect(location().pathname).toBe(`/business/${campaigns[1]!.id}`);
      expect(location().search).toBe('?settings=1');
    },
    SLOW,
  );

  it(
    'opens the detail from the card’s title link',
    async () => {
      const campaigns = sampleCampaigns();
      const { user, location } = renderCampaigns(campaignsServer(campaigns).routes);
      await screen.findByRole('list', { name: 'Campaigns' });
      await user.click(screen.getByRole('link', { name: 'Seed Round' }));
      expect(location().pathname).toBe(`/business/${campaigns[0]!.id}`);
      expect(location().search).toBe('');
      expect(await screen.findByRole('heading', { name: 'Campaign detail' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'has no settings button on phones',
    async () => {
      renderCampaigns(campaignsServer(sampleCampaigns()).routes, { width: MOBILE });
      await screen.findByRole('list', { name: 'Campaigns' });
      expect(screen.getByRole('link', { name: 'Seed Round' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /^Settings:/ })).not.toBeInTheDocument();
    },
    SLOW,
  );
});
