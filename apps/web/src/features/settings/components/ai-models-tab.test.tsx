import { type AiModel, type AiModelList, routes as apiRoutes } from '@doppel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, type FakeRequest, fakeRoute } from '@/test-support/fake-api';
import {
  renderWithProviders,
  sampleSettings,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

const offline: AiModel = {
  id: 'offline',
  kind: 'offline',
  useFor: 'writing',
  name: 'Offline drafting engine',
  provider: 'offline',
  modelId: null,
  baseUrl: null,
  hasApiKey: false,
  readOnly: true,
  isDefault: true,
  createdAt: null,
  updatedAt: null,
};

const mine: AiModel = {
  id: '0b4c7d8e-1f2a-4b3c-8d9e-0a1b2c3d4e5f',
  kind: 'user',
  useFor: 'writing',
  name: 'Local Llama',
  provider: 'openai-compatible',
  modelId: 'llama3.1',
  baseUrl: 'http://llm.example:11434/v1',
  hasApiKey: true,
  readOnly: false,
  isDefault: false,
  createdAt: '2025-03-14T10:00:00.000Z',
  updatedAt: '2025-03-14T10:00:00.000Z',
};

function modelList(items: AiModel[] = [offline, mine], defaultModelId = 'offline'): AiModelList {
  return { items, defaultModelId, temperature: 0.7 };
}

async function openAiModels(extra: ServerRoutes = {}) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    {
      server: { ...signedInRoutes(), ...fakeRoute(apiRoutes.ai.listModels, { body: modelList() }), ...extra },
    },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  await rendered.user.click(dialog.getByRole('tab', { name: 'AI models' }));
  await dialog.findByRole('heading', { name: 'Local Llama' });
  return { ...rendered, dialog };
}

function card(dialog: ReturnType<typeof within>, name: string) {
  return within(dialog.getByRole('listitem', { name }));
}

describe('AI models tab', () => {
  it('lists the models: the offline engine plainly, a user model with its details', async () => {
    const { dialog } = await openAiModels();
    const engine = card(dialog, 'Offline drafting engine');
    expect(engine.getByText(/rule-based drafting engine/)).toHaveTextContent(/not a language model/);
    expect(engine.getByText('Main model')).toBeInTheDocument();
    expect(engine.getByRole('button', { name: 'Test Offline drafting engine' })).toBeInTheDocument();
    expect(engine.queryByRole('button', { name: /Configure/ })).not.toBeInTheDocument();
    expect(engine.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    const llama = card(dialog, 'Local Llama');
    expect(llama.getByText('OpenAI-compatible')).toBeInTheDocument();
    expect(llama.getByText('llama3.1')).toBeInTheDocument();
    expect(llama.getByText('http://llm.example:11434/v1')).toBeInTheDocument();
    expect(llama.getByText('API key saved')).toBeInTheDocument();
    expect(llama.getByRole('button', { name: 'Configure Local Llama' })).toBeInTheDocument();
    expect(llama.getByRole('button', { name: 'Delete Local Llama' })).toBeInTheDocument();
  });

  it('validates the add-model form, then creates the model', async () => {
    const { user, dialog, fake } = await openAiModels({
      ...fakeRoute(apiRoutes.ai.createModel, ({ body }: FakeRequest) => ({
        status: 201,
        body: { ...mine, ...(body as object) },
      })),
    });
    await user.click(dialog.getByRole('button', { name: 'Add model' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add model' }));
    await user.click(form.getByRole('button', { name: 'Add model' }));
    expect(await form.findByText('Enter a name')).toBeInTheDocument();
    expect(form.getByText('Enter the model ID')).toBeInTheDocument();
    expect(form.getByText('An OpenAI-compatible model needs a base URL')).toBeInTheDocument();

    await user.type(form.getByLabelText('Name'), 'Groq');
    await user.type(form.getByLabelText('Model ID'), 'llama-3.1-8b');
    await user.type(form.getByLabelText('Base URL'), 'ftp://files.example');
    await user.click(form.getByRole('button', { name: 'Add model' }));
    expect(await form.findByText('Enter an http:// or https:// address')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.ai.createModel)).toHaveLength(0);

    await user.clear(form.getByLabelText('Base URL'));
    await user.type(form.getByLabelText('Base URL'), 'https://api.groq.example/openai/v1');
    await user.type(form.getByLabelText('API key'), 'gsk-secret');
    await user.click(form.getByRole('button', { name: 'Add model' }));

    expect(await screen.findByText('Model added')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.ai.createModel)[0]!.body).toEqual({
      name: 'Groq',
      provider: 'openai-compatible',
      modelId: 'llama-3.1-8b',
      baseUrl: 'https://api.groq.example/openai/v1',
      apiKey: 'gsk-secret',
      useFor: 'writing',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add model' })).not.toBeInTheDocument());
    // The list is fetched again to show the new model.
    expect(fake.callsTo(apiRoutes.ai.listModels).length).toBeGreaterThan(1);
  });

  it('adds a search model: only providers with embeddings, badged, tested by its vectors, never the main model', async () => {
    const embedder: AiModel = {
      ...mine,
      id: '1c5d8e9f-2a3b-4c4d-9e0f-1a2b3c4d5e6f',
      useFor: 'search',
      name: 'Nomic',
      modelId: 'nomic-embed-text',
    };
    const { user, dialog, fake } = await openAiModels({
      ...fakeRoute(apiRoutes.ai.listModels, { body: modelList([offline, mine, embedder]) }),
      ...fakeRoute(apiRoutes.ai.createModel, ({ body }: FakeRequest) => ({
        status: 201,
        body: { ...embedder, ...(body as object) },
      })),
      ...fakeRoute(
        apiRoutes.ai.testModel,
        { id: embedder.id },
        { body: { ok: true, text: '', latencyMs: 45, dimensions: 768 } },
      ),
    });
    const nomic = card(dialog, 'Nomic');
    expect(nomic.getByText('Search by meaning')).toBeInTheDocument();
    await user.click(nomic.getByRole('button', { name: 'Test Nomic' }));
    await waitFor(() => expect(nomic.getByRole('status')).toHaveTextContent('Vectors of 768 numbers'));
    expect(
      within(dialog.getByLabelText('Main model'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Offline drafting engine', 'Local Llama']);

    await user.click(dialog.getByRole('button', { name: 'Add model' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add model' }));
    await user.selectOptions(form.getByLabelText('Provider'), 'Anthropic');
    await user.click(form.getByRole('radio', { name: /Search by meaning/ }));
    // Anthropic has no embedding models: it is not offered, and the choice moves off it.
    expect(
      within(form.getByLabelText('Provider'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['OpenAI', 'OpenAI-compatible']);
    expect(form.getByLabelText('Provider')).toHaveValue('openai');
    await user.type(form.getByLabelText('Name'), 'OpenAI embeddings');
    await user.type(form.getByLabelText('Model ID'), 'text-embedding-3-small');
    await user.click(form.getByRole('button', { name: 'Add model' }));
    expect(await screen.findByText('Model added')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.ai.createModel)[0]!.body).toEqual({
      name: 'OpenAI embeddings',
      provider: 'openai',
      modelId: 'text-embedding-3-small',
      useFor: 'search',
    });
  });

  it('lets OpenAI go without a base URL', async () => {
    const { user, dialog, fake } = await openAiModels({
      ...fakeRoute(apiRoutes.ai.createModel, { status: 201, body: mine }),
    });
    await user.click(dialog.getByRole('button', { name: 'Add model' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add model' }));
    await user.type(form.getByLabelText('Name'), 'GPT');
    await user.selectOptions(form.getByLabelText('Provider'), 'OpenAI');
    await user.type(form.getByLabelText('Model ID'), 'gpt-4o-mini');
    await user.click(form.getByRole('button', { name: 'Add model' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.ai.createModel)[0]?.body).toEqual({
        name: 'GPT',
        provider: 'openai',
        modelId: 'gpt-4o-mini',
        useFor: 'writing',
      }),
    );
  });

  it('configures a model: an empty key field keeps the saved key, "remove" clears it', async () => {
    const { user, dialog, fake } = await openAiModels({
      ...fakeRoute(apiRoutes.ai.updateModel, { id: mine.id }, ({ body }: FakeRequest) => ({
        body: { ...mine, ...(body as object) },
      })),
    });
    await user.click(card(dialog, 'Local Llama').getByRole('button', { name: 'Configure Local Llama' }));
    let form = within(await screen.findByRole('dialog', { name: 'Configure Local Llama' }));
    expect(form.getByLabelText('Name')).toHaveValue('Local Llama');
    const key = form.getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveValue('');
    expect(key).toHaveAccessibleDescription('Leave empty to keep the saved key.');
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Llama at home');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Model updated')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.ai.updateModel, { id: mine.id })[0]!.body).toEqual({
      name: 'Llama at home',
      provider: 'openai-compatible',
      modelId: 'llama3.1',
      baseUrl: 'http://llm.example:11434/v1',
    });

    await user.click(card(dialog, 'Local Llama').getByRole('button', { name: 'Configure Local Llama' }));
    form = within(await screen.findByRole('dialog', { name: 'Configure Local Llama' }));
    await user.click(form.getByRole('checkbox', { name: 'Remove the saved key' }));
    expect(form.getByLabelText('API key')).toBeDisabled();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.ai.updateModel, { id: mine.id })[1]?.body).toMatchObject({ apiKey: '' }),
    );
  });

  it('tests a model for real and shows the answer with its latency', async () => {
    const { user, dialog, fake } = await openAiModels({
      ...fakeRoute(
        apiRoutes.ai.testModel,
        { id: mine.id },
        { body: { ok: true, text: 'OK', latencyMs: 321 } },
      ),
    });
    const llama = card(dialog, 'Local Llama');
    await user.click(llama.getByRole('button', { name: 'Test Local Llama' }));
    const status = llama.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Answer: OK'));
    expect(status).toHaveTextContent('Latency: 321 ms');
    expect(await screen.findByText('Local Llama is working correctly')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.ai.testModel, { id: mine.id })).toHaveLength(1);
  });

  it('words the built-in engine, and its test, in the interface language', async () => {
    await i18n.changeLanguage('ru');
    try {
      const rendered = renderWithProviders(
        <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
        {
          server: {
            ...signedInRoutes(),
            ...fakeRoute(apiRoutes.ai.listModels, { body: modelList() }),
            ...fakeRoute(
              apiRoutes.ai.testModel,
              { id: offline.id },
              {
                body: {
                  ok: true,
                  text: 'Offline drafting engine is ready (no language model).',
                  latencyMs: 0,
                },
              },
            ),
          },
        },
      );
      const dialog = within(await screen.findByRole('dialog', { name: 'Настройки' }));
      await rendered.user.click(await dialog.findByRole('tab', { name: 'ИИ-модели' }));
      const engine = within(await dialog.findByRole('listitem', { name: 'Офлайн-движок черновиков' }));
      await rendered.user.click(engine.getByRole('button', { name: 'Проверить Офлайн-движок черновиков' }));
      await waitFor(() =>
        expect(engine.getByRole('status')).toHaveTextContent(
          'Офлайн-движок готов: он пишет черновики без языковой модели.',
        ),
      );
      expect(engine.getByRole('status')).not.toHaveTextContent(/Offline|ready/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the provider’s error inline and in a toast', async () => {
    const { user, dialog } = await openAiModels({
      ...fakeRoute(
        apiRoutes.ai.testModel,
        { id: mine.id },
        {
          body: {
            ok: false,
            latencyMs: 40,
            error: { code: 'ai_provider_failed', message: 'Incorrect API key provided' },
          },
        },
      ),
    });
    const llama = card(dialog, 'Local Llama');
    await user.click(llama.getByRole('button', { name: 'Test Local Llama' }));
    await waitFor(() =>
      expect(llama.getByRole('status')).toHaveTextContent('Error: Incorrect API key provided'),
    );
    expect(await screen.findByText('Test failed')).toBeInTheDocument();
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const { user, dialog, fake } = await openAiModels({
      ...fakeRoute(apiRoutes.ai.deleteModel, { id: mine.id }, { status: 204 }),
    });
    await user.click(card(dialog, 'Local Llama').getByRole('button', { name: 'Delete Local Llama' }));
    let confirm = within(await screen.findByRole('dialog', { name: 'Delete Local Llama?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Local Llama?' })).not.toBeInTheDocument(),
    );
    expect(fake.callsTo(apiRoutes.ai.deleteModel, { id: mine.id })).toHaveLength(0);

    await user.click(card(dialog, 'Local Llama').getByRole('button', { name: 'Delete Local Llama' }));
    confirm = within(await screen.findByRole('dialog', { name: 'Delete Local Llama?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Local Llama deleted')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.ai.deleteModel, { id: mine.id })).toHaveLength(1);
  });

  it('saves the main model and the temperature to the settings', async () => {
    const { user, dialog, fake } = await openAiModels({
      ...fakeRoute(apiRoutes.settings.update, ({ body }: FakeRequest) => {
        const patch = body as { aiPreferences: object };
        const base = sampleSettings();
        return { body: { ...base, aiPreferences: { ...base.aiPreferences, ...patch.aiPreferences } } };
      }),
    });
    const mainModel = dialog.getByLabelText('Main model');
    expect(mainModel).toHaveValue('offline');
    expect(
      within(mainModel)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Offline drafting engine', 'Local Llama']);
    await user.selectOptions(mainModel, 'Local Llama');
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.settings.update)[0]?.body).toEqual({
        aiPreferences: { defaultModel: mine.id },
      }),
    );
    expect(await screen.findByText('AI settings saved')).toBeInTheDocument();

    const slider = await dialog.findByRole('slider', { name: 'Temperature' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '1');
    expect(slider).toHaveAttribute('step', '0.1');
    expect(slider).toHaveValue('0.7');
    fireEvent.change(slider, { target: { value: '0.3' } });
    expect(dialog.getByText('0.3')).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.settings.update)[1]?.body).toEqual({
        aiPreferences: { temperature: 0.3 },
      }),
    );
  });

  it('says so when the main model cannot be saved', async () => {
    const { user, dialog } = await openAiModels({
      ...fakeRoute(apiRoutes.settings.update, errorReply(500, 'internal', '')),
    });
    await user.selectOptions(dialog.getByLabelText('Main model'), 'Local Llama');
    expect(await screen.findByText('Failed to update settings')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByLabelText('Main model')).toHaveValue('offline'));
  });

  it('offers a retry when the models cannot be loaded', async () => {
    const rendered = renderWithProviders(
      <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
      {
        server: {
          ...signedInRoutes(),
          ...fakeRoute(apiRoutes.ai.listModels, errorReply(500, 'internal', '')),
        },
      },
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    await rendered.user.click(dialog.getByRole('tab', { name: 'AI models' }));
    expect(await dialog.findByText('Failed to load AI models', {}, { timeout: 4000 })).toBeInTheDocument();
    rendered.fake.fake(apiRoutes.ai.listModels, { body: modelList() });
    await rendered.user.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('heading', { name: 'Local Llama' })).toBeInTheDocument();
  });
});
