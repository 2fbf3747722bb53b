import { routes as apiRoutes, type Task, type TaskPage } from '@doppel/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeRoute } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes } from '@/test-support/render-with-providers';
import { makeTask, taskPage } from '@/test-support/task-fixtures';
import { ActionsPage } from './actions-page';

// The page's lazy chunks are transformed on first import; load them once up front.
beforeAll(async () => {
  await Promise.all([import('./desktop-actions'), import('./composer'), import('./task-dialog')]);
}, 60_000);

const page = (items: Task[]): TaskPage => taskPage(items);

const anna = makeTask({
  title: 'Reply to Anna about the pilot',
  contactId: 'c1',
  contact: { id: 'c1', name: 'Anna Schneider', company: 'Nordlicht', source: 'telegram', language: 'de' },
  responses: {
    detailed: 'Hey Anna! Gern – Dienstag?\n\nCheers,\nMax',
    quick: 'Hallo Anna, danke – klingt gut.',
  },
  context: {
    triggerType: 'message',
    lastMessage: 'Können wir nächste Woche sprechen?',
    language: 'it',
    draftSources: {
      detailed: [
        { documentId: 'doc-1', title: 'Pilot pricing', snippet: 'A four-week pilot costs 5,000 EUR.' },
      ],
    },
    draftProvenance: {
      detailed: {
        engine: 'model',
        model: 'gpt-test',
        temperature: 0.4,
        persona: { id: 'p1', name: 'Maya Chen', fields: ['name', 'communicationStyle', 'coreValues'] },
        examples: [{ id: 'v1', draft: 'Hallo Ben, danke.', sent: 'Hey Ben! Danke.' }],
        habits: [],
        language: { code: 'en', reason: 'unsupported', from: 'it' },
      },
      quick: {
        engine: 'offline',
        model: null,
        temperature: null,
        persona: null,
        examples: [],
        habits: [],
        language: { code: 'de', reason: 'contact' },
      },
    },
  },
});

function renderAnna() {
  return renderWithProviders(<Route path="/actions" element={<ActionsPage />} />, {
    path: '/actions',
    server: {
      ...signedInRoutes(),
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
    },
  });
}

describe('Why this draft', () => {
  it('opens under a model draft: model and temperature, persona fields, cited passages, learned examples, language', async () => {
    const { user } = renderAnna();
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Draft: Detailed/ }));

    const toggle = screen.getByRole('button', { name: 'Why this draft' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const why = within(panel);
    expect(why.getByText('gpt-test, temperature 0.4')).toBeInTheDocument();
    expect(why.getByText('Maya Chen, using: name, communication style, and values')).toBeInTheDocument();
    const passage = why.getByRole('link', { name: 'Pilot pricing' });
    // Linked to the passage: the document opens with it shown and marked.
    const opened = new URL(passage.getAttribute('href')!, 'http://doppel.test');
    expect(opened.pathname).toBe('/documents');
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      document: 'doc-1',
      passage: 'A four-week pilot costs 5,000 EUR.',
    });
    expect(panel).toHaveTextContent('A four-week pilot costs 5,000 EUR.');
    expect(panel).toHaveTextContent('Draft: Hallo Ben, danke.');
    expect(panel).toHaveTextContent('You sent: Hey Ben! Danke.');
    expect(
      why.getByText('English: Doppel cannot write in Italian, so it wrote in this language'),
    ).toBeInTheDocument();
  });

  it('works from the keyboard, and says what the offline engine drew on', async () => {
    const { user } = renderAnna();
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Draft: Quick/ }));

    const toggle = screen.getByRole('button', { name: 'Why this draft' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const why = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    expect(
      why.getByText('The offline engine: rules and templates, not a language model'),
    ).toBeInTheDocument();
    expect(why.getByText('No persona: the twin wrote as you')).toBeInTheDocument();
    expect(why.getByText('None from your knowledge base')).toBeInTheDocument();
    expect(why.getByText('None yet')).toBeInTheDocument();
    expect(why.getByText('German: the contact’s language')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('is not offered for a text the twin did not generate', async () => {
    const { user } = renderAnna();
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Why this draft' })).not.toBeInTheDocument();
  });
});
