import { routes as apiRoutes, type AiModel, type UpdateCampaignInput } from '@doppel/contracts';
import { errorReply, fakeRoute } from '@/test-support/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  campaignDetailServer,
  makeCampaign,
  withEngagement,
} from '../../test-support/campaign-detail-server';
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
      followUpSequence: [],
      accountType: 'personal',
      dailyBudget: 7,
      dataQualityThreshold: 80,
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
    expect(within(keys).getAllByText('Not set')).toHaveLength(7);

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

/** The PATCHes the settings sent, as their bodies. */
function patches(view: Awaited<ReturnType<typeof openSettings>>): UpdateCampaignInput[] {
  return view.fake
    .callsTo(apiRoutes.campaigns.update, { id: view.server.state.campaign.id })
    .map((call) => call.body as UpdateCampaignInput);
}

/** One follow-up of the Settings' sequence, by its number. */
const followUp = (dialog: HTMLElement, number: number) =>
  within(dialog).getByRole('group', { name: `Follow-up ${number}` });

const save = (view: Awaited<ReturnType<typeof openSettings>>) =>
  view.user.click(within(view.dialog).getByRole('button', { name: 'Save settings' }));

describe('Campaign settings: the follow-up sequence', () => {
  it('builds a two-step sequence, reorders it and sends it in the PATCH', async () => {
    const view = await openSettings();
    const { user, dialog } = view;
    const sequence = within(dialog).getByRole('region', { name: 'Follow-up sequence' });
    expect(within(sequence).getByText('No follow-ups: only the first message goes out.')).toBeInTheDocument();

    await user.click(within(sequence).getByRole('button', { name: 'Add step' }));
    const first = followUp(dialog, 1);
    // A new step waits the usual 3 days, on the first message's channel, with an AI draft.
    expect(within(first).getByRole('textbox', { name: 'Wait (days)' })).toHaveValue('3');
    expect(within(first).getByRole('combobox', { name: 'Channel' })).toHaveDisplayValue(
      'Same channel as the first message',
    );
    expect(within(first).getByRole('combobox', { name: 'Content' })).toHaveDisplayValue(
      "AI draft in the lead's language",
    );
    expect(within(first).queryByRole('textbox', { name: 'Template text' })).not.toBeInTheDocument();
    await user.clear(within(first).getByRole('textbox', { name: 'Wait (days)' }));
    await user.type(within(first).getByRole('textbox', { name: 'Wait (days)' }), '2');
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Channel' }), 'Email');

    await user.click(within(sequence).getByRole('button', { name: 'Add step' }));
    const second = followUp(dialog, 2);
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Content' }), 'Template');
    const text = within(second).getByRole('textbox', { name: 'Template text' });
    expect(text).toHaveAccessibleDescription(
      "{name}, {company} and {position} are replaced with each lead's details.",
    );
    await user.type(text, 'Hi {{name}, any thoughts on {{company}?');

    // A third, removed again: nothing is asked, the list is not saved yet.
    await user.click(within(sequence).getByRole('button', { name: 'Add step' }));
    await user.click(within(followUp(dialog, 3)).getByRole('button', { name: 'Remove follow-up 3' }));
    expect(within(dialog).queryByRole('group', { name: 'Follow-up 3' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    // The template step goes first; the focus stays on it (now at the top: its Move down).
    expect(within(followUp(dialog, 1)).getByRole('button', { name: 'Move follow-up 1 up' })).toBeDisabled();
    await user.click(within(followUp(dialog, 2)).getByRole('button', { name: 'Move follow-up 2 up' }));
    expect(within(followUp(dialog, 1)).getByRole('textbox', { name: 'Template text' })).toHaveValue(
      'Hi {name}, any thoughts on {company}?',
    );
    expect(within(followUp(dialog, 2)).getByRole('combobox', { name: 'Channel' })).toHaveDisplayValue(
      'Email',
    );
    expect(within(followUp(dialog, 1)).getByRole('button', { name: 'Move follow-up 1 down' })).toHaveFocus();

    await save(view);
    await waitFor(() => expect(patches(view)).toHaveLength(1));
    expect(patches(view)[0]!.followUpSequence).toEqual([
      {
        afterDays: 3,
        channel: 'same',
        content: 'template',
        template: 'Hi {name}, any thoughts on {company}?',
      },
      { afterDays: 2, channel: 'email', content: 'ai', template: '' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.server.state.campaign.stageConfigs.engagement.follow_up_sequence).toHaveLength(2);
  });

  it('moves steps with the keyboard', async () => {
    const view = await openSettings(
      campaignDetailServer({
        campaign: withEngagement(makeCampaign(), {
          follow_up_sequence: [
            { afterDays: 2, channel: 'email', content: 'ai', template: '' },
            { afterDays: 4, channel: 'linkedin', content: 'ai', template: '' },
          ],
        }),
      }),
    );
    const { user, dialog } = view;
    within(followUp(dialog, 1)).getByRole('button', { name: 'Move follow-up 1 down' }).focus();
    await user.keyboard('{Enter}');
    expect(within(followUp(dialog, 1)).getByRole('textbox', { name: 'Wait (days)' })).toHaveValue('4');
    expect(within(followUp(dialog, 2)).getByRole('textbox', { name: 'Wait (days)' })).toHaveValue('2');
    // At the bottom now: the focus moved to its Move up, which Space presses.
    expect(within(followUp(dialog, 2)).getByRole('button', { name: 'Move follow-up 2 up' })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(followUp(dialog, 1)).getByRole('textbox', { name: 'Wait (days)' })).toHaveValue('2');
  });

  it('allows at most five follow-ups and says why Add step is off', async () => {
    const view = await openSettings();
    const { user, dialog } = view;
    const add = within(dialog).getByRole('button', { name: 'Add step' });
    for (let index = 0; index < 5; index++) await user.click(add);
    expect(followUp(dialog, 5)).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('At most 5 follow-ups: remove one to add another.');

    await user.click(within(followUp(dialog, 2)).getByRole('button', { name: 'Remove follow-up 2' }));
    expect(add).toBeEnabled();
    expect(within(dialog).queryByRole('group', { name: 'Follow-up 5' })).not.toBeInTheDocument();
    // The focus went to the next step's Remove.
    expect(within(followUp(dialog, 2)).getByRole('button', { name: 'Remove follow-up 2' })).toHaveFocus();
  });

  it('refuses a template step without text and a wait out of range, and sends nothing', async () => {
    const view = await openSettings();
    const { user, dialog } = view;
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    const second = followUp(dialog, 2);
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Content' }), 'Template');
    await user.type(within(second).getByRole('textbox', { name: 'Template text' }), '   ');
    const wait = within(followUp(dialog, 1)).getByRole('textbox', { name: 'Wait (days)' });
    await user.clear(wait);
    await user.type(wait, '91');
    await save(view);

    expect(
      await within(second).findByText("Enter the template's text, or let the AI draft this follow-up."),
    ).toBeInTheDocument();
    expect(within(second).getByRole('textbox', { name: 'Template text' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(followUp(dialog, 1)).getByText('Enter a whole number of days from 1 to 90.'),
    ).toBeInTheDocument();
    expect(wait).toHaveAccessibleDescription('Enter a whole number of days from 1 to 90.');
    expect(patches(view)).toHaveLength(0);

    // Fixed, each problem goes as it is corrected, and the settings are saved.
    await user.clear(wait);
    await user.type(wait, '90');
    expect(within(followUp(dialog, 1)).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(within(second).getByRole('textbox', { name: 'Template text' }), 'Hello again');
    expect(within(second).queryByRole('alert')).not.toBeInTheDocument();
    await save(view);
    await waitFor(() => expect(patches(view)).toHaveLength(1));
    expect(patches(view)[0]!.followUpSequence).toEqual([
      { afterDays: 90, channel: 'same', content: 'ai', template: '' },
      { afterDays: 3, channel: 'same', content: 'template', template: 'Hello again' },
    ]);
  });

  it('keeps the saved steps when the changes are cancelled', async () => {
    const view = await openSettings(
      campaignDetailServer({
        campaign: withEngagement(makeCampaign(), {
          follow_up_sequence: [
            { afterDays: 2, channel: 'email', content: 'template', template: 'Hi {name}' },
            { afterDays: 5, channel: 'same', content: 'ai', template: '' },
          ],
        }),
      }),
    );
    const { user, dialog } = view;
    expect(within(followUp(dialog, 1)).getByRole('textbox', { name: 'Template text' })).toHaveValue(
      'Hi {name}',
    );
    await user.click(within(followUp(dialog, 1)).getByRole('button', { name: 'Remove follow-up 1' }));
    await user.click(within(followUp(dialog, 1)).getByRole('button', { name: 'Remove follow-up 1' }));
    expect(within(dialog).queryByRole('group', { name: 'Follow-up 1' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(view)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const again = await screen.findByRole('dialog', { name: 'Campaign settings' });
    expect(within(followUp(again, 1)).getByRole('combobox', { name: 'Channel' })).toHaveDisplayValue('Email');
    expect(within(followUp(again, 2)).getByRole('textbox', { name: 'Wait (days)' })).toHaveValue('5');
  });
});

describe('Campaign settings: sending, budget and data quality', () => {
  it('chooses who sends, the AI assistant’s daily limit, the daily budget and the threshold', async () => {
    const view = await openSettings();
    const { user, dialog } = view;
    const personal = within(dialog).getByRole('radio', { name: 'Personal account' });
    const assistant = within(dialog).getByRole('radio', { name: 'AI assistant' });
    expect(personal).toBeChecked();
    expect(personal).toHaveAccessibleDescription(
      'Each message becomes a task you approve and send yourself.',
    );
    expect(assistant).toHaveAccessibleDescription(
      'Your twin sends the messages itself, up to the daily send limit and within your touch budget.',
    );
    // The limit is the assistant's: not shown for the personal account.
    expect(within(dialog).queryByRole('textbox', { name: 'Daily send limit' })).not.toBeInTheDocument();
    const daily = within(dialog).getByRole('textbox', { name: 'Daily budget (K tokens)' });
    expect(daily).toHaveValue('7');
    const threshold = within(dialog).getByRole('textbox', { name: 'Data-quality threshold (%)' });
    expect(threshold).toHaveValue('80');
    expect(threshold).toHaveAccessibleDescription(/held back from outreach/);

    await user.click(assistant);
    const limit = within(dialog).getByRole('textbox', { name: 'Daily send limit' });
    expect(limit).toHaveValue('25');
    expect(limit).toHaveAccessibleDescription(
      'Messages the assistant sends for this campaign a day, from 1 to 500.',
    );
    await user.clear(limit);
    await user.type(limit, '600');
    await user.clear(threshold);
    await user.type(threshold, '101');
    await save(view);

    expect(await within(dialog).findByText('Enter a whole number from 1 to 500.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number from 0 to 100.')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(patches(view)).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '40');
    await user.clear(threshold);
    await user.type(threshold, '60');
    await user.clear(daily);
    await user.type(daily, '12');
    await save(view);
    await waitFor(() => expect(patches(view)).toHaveLength(1));
    expect(patches(view)[0]).toMatchObject({
      accountType: 'ai_assistant',
      dailySendLimit: 40,
      dailyBudget: 12,
      dataQualityThreshold: 60,
    });
    const { stageConfigs, budget } = view.server.state.campaign;
    expect(stageConfigs.engagement).toMatchObject({ account_type: 'ai_assistant', daily_send_limit: 40 });
    expect(stageConfigs.enrichment.data_quality_threshold).toBe(60);
    expect(budget.daily).toBe(12);
  });

  it('sends no daily limit for the personal account, even one left invalid', async () => {
    const view = await openSettings(
      campaignDetailServer({
        campaign: withEngagement(makeCampaign(), { account_type: 'ai_assistant', daily_send_limit: 30 }),
      }),
    );
    const { user, dialog } = view;
    const limit = within(dialog).getByRole('textbox', { name: 'Daily send limit' });
    expect(limit).toHaveValue('30');
    await user.clear(limit);
    await user.click(within(dialog).getByRole('radio', { name: 'Personal account' }));
    await save(view);
    await waitFor(() => expect(patches(view)).toHaveLength(1));
    expect(patches(view)[0]!.accountType).toBe('personal');
    expect(patches(view)[0]).not.toHaveProperty('dailySendLimit');
  });

  it('shows the server’s field problems next to their fields, and keeps the dialog open', async () => {
    const server = campaignDetailServer({
      campaign: withEngagement(makeCampaign(), {
        follow_up_sequence: [{ afterDays: 3, channel: 'email', content: 'ai', template: '' }],
      }),
    });
    const view = renderCampaignDetail(server, {
      search: '?settings=1',
      overrides: fakeRoute(
        apiRoutes.campaigns.update,
        { id: server.state.campaign.id },
        errorReply(400, 'validation_failed', 'Please fill in all required fields', {
          fields: { 'followUpSequence.0.afterDays': 'waitDaysRange', dataQualityThreshold: 'thresholdRange' },
        }),
      ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Campaign settings' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Save settings' }));

    const first = followUp(dialog, 1);
    expect(await within(first).findByText('Enter a whole number of days from 1 to 90.')).toBeInTheDocument();
    expect(within(first).getByRole('textbox', { name: 'Wait (days)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Data-quality threshold (%)' }),
    ).toHaveAccessibleDescription('Enter a whole number from 0 to 100.');
    expect(screen.getByRole('dialog', { name: 'Campaign settings' })).toBeInTheDocument();

    // Editing the field takes its problem away.
    await view.user.type(within(first).getByRole('textbox', { name: 'Wait (days)' }), '0');
    expect(within(first).queryByText('Enter a whole number of days from 1 to 90.')).not.toBeInTheDocument();
  });
});

describe('Campaign settings: provider keys', () => {
  it('offers Lusha, Snov.io and RocketReach keys, each with where to find it', async () => {
    const { user, fake, server, dialog } = await openSettings();
    const keys = within(dialog).getByRole('region', { name: 'Provider API keys' });
    const lusha = await within(keys).findByLabelText('Lusha API key');
    expect(lusha).toHaveAccessibleDescription(/Lusha account's API settings/);
    expect(within(keys).getByLabelText('RocketReach API key')).toHaveAccessibleDescription(
      /RocketReach account's API settings/,
    );
    const snov = within(keys).getByLabelText('Snov.io API credentials');
    expect(snov).toHaveAccessibleDescription(/Enter it as CLIENT_ID:CLIENT_SECRET/);
    for (const input of [lusha, snov])
      expect(within(input.closest('li')!).getByText('Enrichment')).toBeInTheDocument();

    await user.type(snov, 'client-1234:secret-abcd');
    await user.click(within(snov.closest('li')!).getByRole('button', { name: 'Save key' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.growth.saveCredential, { provider: 'snov' })).toHaveLength(1),
    );
    expect(server.state.savedKeys.get('snov')).toBe('client-1234:secret-abcd');
    expect(await within(keys).findByLabelText('Saved Snov.io key ending')).toHaveTextContent('••••abcd');
    expect(await screen.findByText('Snov.io key saved')).toBeInTheDocument();
  });
});
