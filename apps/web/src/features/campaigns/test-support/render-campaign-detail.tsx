import { Route } from 'react-router';
import type { ServerRoutes } from '@/test-support/render-with-providers';
import { renderWithProviders } from '@/test-support/render-with-providers';
import { CampaignDetailPage } from '../components/campaign-detail-page';
import type { campaignDetailServer } from './campaign-detail-server';

/**
 * Renders /business/:id against the fake campaign server, the way the router mounts the page;
 * `search` is added to the URL ("?tab=leads"), `overrides` replace some routes.
 */
export function renderCampaignDetail(
  server: ReturnType<typeof campaignDetailServer>,
  { search = '', width, overrides = {} }: { search?: string; width?: number; overrides?: ServerRoutes } = {},
) {
  return renderWithProviders(
    <>
      <Route path="/business/:id" element={<CampaignDetailPage />} />
      <Route path="/business" element={<h1>Campaigns list</h1>} />
    </>,
    {
      path: `/business/${server.state.campaign.id}${search}`,
      width,
      server: { ...server.routes, ...overrides },
    },
  );
}
