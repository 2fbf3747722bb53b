import { routes as apiRoutes, type AiModel, type UpdateCampaignInput } from '@doppel/contracts';
import { fakeRoute } from '@/test-support/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { campaignDetailServer, makeCampaign } from '../../test-support/campaign-detail-server';
import { renderCampaignDetail } from '../../test-support/render-campaign-detail';

function aiModel(model: Partial<AiModel> & Pick<AiModel, 'id' | 'name'>): AiModel {
  return {
    kind: 'user',
    useFor: 'writing',
    provider: 'openai',
    modelId: model.name,
    baseUrl: null,
    hasApiKey: true,
    readOnly: false,
    isDefault: false,
    createdAt: null,
    updatedAt: null,
    ...model,
  };
}

async function openSettings(server = campaignDetailServer()) {
  const view = renderCampaignDetail(server, { search: '?settings=1' });
  const dialog = await screen.findByRole('dialog', { name: 'Campaign settings' });
  return { ...view, server, dialog };
}

describe('Campaign settings', () => {
  it('shows the campaign’s configuration and saves the changes as one PATCH', async () => {
    const { user, fake, server, dialog } = await openSettings();
    const field = (name: string) => within(dialog).getByRole('textbox', { name });

    expect(field('Campaign name')).toHaveValue('Seed Round Investors');
    expect(field('Target contacts')).toHaveValue('100');
    expect(field('Budget (K tokens)')).toHaveValue('200');
    expect(within(dialog).getByRole('checkbox', { name: 'Google Sheets' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Pipedrive' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Clearbit' })).toHaveAccessibleDescription(
      '$0.10 per contact · 92% accurate',
    );
    expect(within(dialog).getByRole('slider', { name: 'Temperature' })).toHaveValue('0.7');

    await user.clear(field('Campaign name'));
    await user.type(field('Campaign name'), 'Seed investors');
    await user.clear(field('Target contacts'));
    await user.type(field('Target contacts'), '250');
    await user.type(field('Google Sheets CSV address'), 'https://docs.example/sheet.csv');
    await user.type(field('Apollo search'), 'seed investor fintech');
    await user.type(field('Job titles'), 'Partner, Principal ,');
    await user.type(field('Industries'), 'Venture capital');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hunter.io' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'People Data Labs' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Direct Mail' }));
    await user.type(field('Message template'), 'Hi {{name}');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Personalization' }), 'Medium');
    await user.clear(field('Max tokens'));
    await user.type(field('Max tokens'), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.update, { id: server.state.campaign.id })).toHaveLength(1),
    );
    expect(fake.callsTo(apiRoutes.campaigns.update, { id: server.state.campaign.id })[0]!.body).toEqual({
      name: 'Seed investors',
      description: 'Find angels and seed funds that back B2B AI tools.',
      targetContactCount: 250,
      totalBudget: 200,
      sources: ['csv_upload', 'google_sheets', 'apollo_search'],
      sourceConfigs: {
        google_sheets: { url: 'https://docs.example/sheet.csv' },
        apollo_search: { query: 'seed investor fintech' },
        pipedrive: {},
      },
      filters: { job_titles: ['Partner', 'Principal'], industries: ['Venture capital'] },
      tools: ['clearbit', 'people_data_labs'],
      channels: ['linkedin', 'email', 'whatsapp', 'phone'],
      messageTemplate: 'Hi {name}',
      aiConfig: { model: null, personalization: 'medium', temperature: 0.7, max_tokens: 1500 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Campaign settings saved')).toBeInTheDocument();
  });

  it('chooses the model the campaign drafts with among the user’s models', async () => {
    const server = campaignDetailServer();
    const view = renderCampaignDetail(server, {
      search: '?settings=1',
      overrides: fakeRoute(apiRoutes.ai.listModels, {
        body: {
          items: [
            aiModel({ id: 'offline', kind: 'offline', name: 'Offline engine', provider: 'offline' }),
            aiModel({ id: 'model-1', name: 'GPT-4o mini', isDefault: true }),
            aiModel({ id: 'model-2', name: 'Claude Haiku' }),
          ],
          defaultModelId: 'model-1',
          temperature: 0.7,
        },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Campaign settings' });
    const model = within(dialog).getByRole('combobox', { name: 'Model' });
    await within(model).findByRole('option', { name: 'Claude Haiku' });
    expect(model).toHaveValue('');
    expect(within(model).getByRole('option', { name: 'Your main model (GPT-4o mini)' })).toBeInTheDocument();
    expect(
      within(model).getByRole('option', { name: 'Offline engine (no model, spends no tokens)' }),
    ).toBeInTheDocument();

    await view.user.selectOptions(model, 'Claude Haiku');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(view.fake.callsTo(apiRoutes.campaigns.update, { id: server.state.campaign.id })).toHaveLength(1),
    );
    const body = view.fake.callsTo(apiRoutes.campaigns.update, { id: server.state.campaign.id })[0]!
      .body as UpdateCampaignInput;
    expect(body.aiConfig).toMatchObject({ model: 'model-2' });
  });

  it('refuses an empty choice, a bad address and an out-of-range target without saving', async () => {
    const { user, fake, server, dialog } = await openSettings();
    for (const name of ['Clearbit', 'Hunter.io'])
      await user.click(within(dialog).getByRole('checkbox', { name }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Google Sheets CSV address' }), 'ftp://x');
    const target = within(dialog).getByRole('textbox', { name: 'Target contacts' });
    await user.clear(target);
    await user.type(target, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));

    expect(await within(dialog).findByText('Choose at least one tool.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a web address starting with https://.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number from 10 to 10,000.')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.campaigns.update, { id: server.state.campaign.id })).toHaveLength(0);
  });

  it('keeps an ended campaign’s settings read-only', async () => {
    const { dialog } = await openSettings(
      campaignDetailServer({ campaign: makeCampaign({ status: 'completed' }) }),
    );
    expect(within(dialog).getByText(/its settings can no longer be changed/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Campaign name' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('saves a provider key and shows only its masked hint from then on', async () => {
    const key = 'apollo-secret-key-1234abcd';
    const { user, fake, server, dialog } = await openSettings();
    const keys = within(dialog).getByRole('region', { name: 'Provider API keys' });
    const input = await within(keys).findByLabelText('Apollo API key');
    expect(input).toHaveAttribute('type', 'password');
    expect(within(keys).getAllByText('Not set')).toHaveLength(4);

    await user.type(input, key);
    await user.click(within(input.closest('li')!).getByRole('button', { name: 'Save key' }));

    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.growth.saveCredential, { provider: 'apollo' })).toHaveLength(1),
    );
    expect(fake.callsTo(apiRoutes.growth.saveCredential, { provider: 'apollo' })[0]!.body).toEqual({
      apiKey: key,
    });
    expect(await within(keys).findByLabelText('Saved Apollo key ending')).toHaveTextContent('••••abcd');
    expect(await screen.findByText('Apollo key saved')).toBeInTheDocument();
    expect(within(keys).getByLabelText('Apollo API key')).toHaveValue('');
    expect(document.body.textContent).not.toContain(key);
    expect(screen.queryByDisplayValue(key)).not.toBeInTheDocument();
    expect(server.state.savedKeys.get('apollo')).toBe(key);
  });

  it('refuses a too-short key, and removes a saved one after asking', async () => {
    const { user, fake, dialog } = await openSettings(
      campaignDetailServer({
        credentials: [{ provider: 'hunter', hint: '••••9f3e', updatedAt: '2026-03-01T09:00:00.000Z' }],
      }),
    );
    const keys = within(dialog).getByRole('region', { name: 'Provider API keys' });
    const hunter = (await within(keys).findByLabelText('Hunter API key')).closest('li')!;
    expect(within(hunter).getByText('••••9f3e')).toBeInTheDocument();

    await user.type(within(hunter).getByLabelText('Hunter API key'), 'short');
    await user.click(within(hunter).getByRole('button', { name: 'Replace key' }));
    expect(await within(hunter).findByText('A key has at least 8 characters.')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.growth.saveCredential, { provider: 'hunter' })).toHaveLength(0);

    await user.click(within(hunter).getByRole('button', { name: 'Remove the Hunter.io key' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove the Hunter.io key?' });
    expect(fake.callsTo(apiRoutes.growth.deleteCredential, { provider: 'hunter' })).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Remove key' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.growth.deleteCredential, { provider: 'hunter' })).toHaveLength(1),
    );
    await waitFor(() => expect(within(hunter).queryByText('••••9f3e')).not.toBeInTheDocument());
    expect(await screen.findByText('Hunter.io key removed')).toBeInTheDocument();
  });
});
