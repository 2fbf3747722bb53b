import { routes as apiRoutes, type WhatsAppTemplateList } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeRoute } from '@/test-support/fake-api';
import type { ServerRoutes } from '@/test-support/render-with-providers';
import {
  campaignDetailServer,
  makeCampaign,
  sampleWhatsAppTemplates,
  WHATSAPP_CONNECTION_ID,
} from '../../test-support/campaign-detail-server';
import { renderCampaignDetail } from '../../test-support/render-campaign-detail';

async function openSettings(server = campaignDetailServer(), overrides: ServerRoutes = {}) {
  const view = renderCampaignDetail(server, { search: '?settings=1', overrides });
  const dialog = await screen.findByRole('dialog', { name: 'Campaign settings' });
  const picker = within(dialog).getByRole('region', { name: 'WhatsApp template for first messages' });
  return { ...view, server, dialog, picker };
}

const patches = (fake: ReturnType<typeof renderCampaignDetail>['fake'], id: string) =>
  fake.callsTo(apiRoutes.campaigns.update, { id });

describe('WhatsApp template picker in the campaign settings', () => {
  it('lists the approved templates, shows the chosen one’s text, and saves its variables', async () => {
    const { user, fake, server, dialog, picker } = await openSettings();
    const template = await within(picker).findByRole('combobox', { name: 'WhatsApp template' });
    expect(
      within(template)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No template', 'intro_offer (en_US)', 'plain_hello (de)']);
    expect(template).toHaveValue('');

    await user.selectOptions(template, 'intro_offer (en_US)');
    const text = within(picker).getByRole('figure', { name: 'Template text' });
    expect(text).toHaveTextContent('News for {{1}}');
    expect(text).toHaveTextContent('Hi {{1}}, this is {{2}}. Shall we talk?');
    expect(text).toHaveTextContent('Reply STOP to opt out');
    const variables = within(picker).getByRole('group', { name: 'Variables' });
    expect(within(variables).getAllByRole('combobox')).toHaveLength(3);

    // Header {{1}}: the lead's company, or "your team" when it has none.
    await user.selectOptions(
      within(variables).getByRole('combobox', { name: 'Value of {{1}} in the header' }),
      "Lead's company",
    );
    await user.type(
      within(variables).getByRole('textbox', { name: 'Text for {{1}} in the header when the lead has none' }),
      'your team',
    );
    // Body {{1}}: the first name, which every lead has: no text to type.
    await user.selectOptions(
      within(variables).getByRole('combobox', { name: 'Value of {{1}}' }),
      "Lead's first name",
    );
    expect(within(variables).queryByRole('textbox', { name: /Text for \{\{1\}\}$/ })).not.toBeInTheDocument();
    // Body {{2}}: a fixed text, with Meta's example as its hint.
    const fixed = within(variables).getByRole('textbox', { name: 'Text for {{2}}' });
    expect(fixed).toHaveAccessibleDescription('Example: Ada from Doppel');
    await user.type(fixed, 'Ada from Doppel');

    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(patches(fake, server.state.campaign.id)).toHaveLength(1));
    expect(patches(fake, server.state.campaign.id)[0]!.body).toMatchObject({
      whatsAppTemplate: {
        name: 'intro_offer',
        language: 'en_US',
        variables: [
          { component: 'header', key: '1', source: 'lead', field: 'company', fallback: 'your team' },
          { component: 'body', key: '1', source: 'lead', field: 'first_name' },
          { component: 'body', key: '2', source: 'text', text: 'Ada from Doppel' },
        ],
      },
    });
    expect(server.state.campaign.stageConfigs.engagement.channel_configs.whatsapp?.template?.name).toBe(
      'intro_offer',
    );
  });

  it('asks for every variable’s text before saving', async () => {
    const { user, fake, server, dialog, picker } = await openSettings();
    await user.selectOptions(
      await within(picker).findByRole('combobox', { name: 'WhatsApp template' }),
      'intro_offer (en_US)',
    );
    await user.selectOptions(
      within(picker).getByRole('combobox', { name: 'Value of {{1}} in the header' }),
      "Lead's position",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));

    const fallback = await within(picker).findByRole('textbox', {
      name: 'Text for {{1}} in the header when the lead has none',
    });
    expect(fallback).toHaveAccessibleDescription('Enter what to write when the lead has none.');
    expect(within(picker).getByRole('textbox', { name: 'Text for {{1}}' })).toHaveAccessibleDescription(
      'Enter the text for this variable.',
    );
    expect(patches(fake, server.state.campaign.id)).toHaveLength(0);
  });

  it('shows a saved template as chosen, and removing it saves null', async () => {
    const campaign = makeCampaign();
    campaign.stageConfigs.engagement.channel_configs = {
      whatsapp: {
        template: {
          name: 'plain_hello',
          language: 'de',
          category: 'UTILITY',
          parameter_format: 'positional',
          header: null,
          body: 'Hallo! Haben Sie kurz Zeit?',
          variables: [],
        },
      },
    };
    const { user, fake, server, dialog, picker } = await openSettings(campaignDetailServer({ campaign }));
    const template = await within(picker).findByRole('combobox', { name: 'WhatsApp template' });
    expect(template).toHaveDisplayValue('plain_hello (de)');
    expect(within(picker).getByRole('figure', { name: 'Template text' })).toHaveTextContent(
      'Hallo! Haben Sie kurz Zeit?',
    );
    expect(within(picker).queryByRole('group', { name: 'Variables' })).not.toBeInTheDocument();

    await user.selectOptions(template, 'No template');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(patches(fake, server.state.campaign.id)).toHaveLength(1));
    expect(patches(fake, server.state.campaign.id)[0]!.body).toMatchObject({ whatsAppTemplate: null });
  });

  it('says why there is nothing to choose: no WhatsApp, no business account id, no approved template', async () => {
    const cases: [Parameters<typeof campaignDetailServer>[0], RegExp][] = [
      [
        { whatsApp: { connected: false, templates: { hasBusinessAccount: false, items: [] } } },
        /^Connect WhatsApp/,
      ],
      [
        { whatsApp: { connected: true, templates: { hasBusinessAccount: false, items: [] } } },
        /^Add your WhatsApp Business Account ID/,
      ],
      [
        { whatsApp: { connected: true, templates: { hasBusinessAccount: true, items: [] } } },
        /has no approved text templates yet/,
      ],
    ];
    for (const [options, message] of cases) {
      const { picker, unmount } = await openSettings(campaignDetailServer(options));
      expect(await within(picker).findByText(message)).toBeInTheDocument();
      expect(within(picker).queryByRole('combobox', { name: 'WhatsApp template' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows that the templates are loading until they come', async () => {
    let release: (list: WhatsAppTemplateList) => void = () => undefined;
    const { picker } = await openSettings(campaignDetailServer(), {
      ...fakeRoute(
        apiRoutes.messengers.whatsAppTemplates,
        { id: WHATSAPP_CONNECTION_ID },
        () =>
          new Promise((resolve) => {
            release = (list) => resolve({ body: list });
          }),
      ),
    });
    expect(await within(picker).findByRole('status')).toHaveTextContent('Loading WhatsApp templates…');
    release({ hasBusinessAccount: true, items: sampleWhatsAppTemplates() });
    expect(await within(picker).findByRole('combobox', { name: 'WhatsApp template' })).toBeInTheDocument();
  });

  it('offers Retry when the templates cannot be loaded', async () => {
    const server = campaignDetailServer({ whatsApp: { connected: true, templates: 'error' } });
    const { user, fake, picker } = await openSettings(server);
    const alert = await within(picker).findByRole('alert');
    expect(alert).toHaveTextContent('The WhatsApp templates could not be loaded.');
    expect(alert).not.toHaveTextContent('Permissions error');
    const before = fake.callsTo(apiRoutes.messengers.whatsAppTemplates).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.messengers.whatsAppTemplates).length).toBeGreaterThan(before),
    );
  });

  it('is shown only while WhatsApp is an outreach channel', async () => {
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('checkbox', { name: 'WhatsApp' }));
    expect(
      within(dialog).queryByRole('region', { name: 'WhatsApp template for first messages' }),
    ).not.toBeInTheDocument();
  });
});
