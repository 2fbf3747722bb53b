import { type MessageTemplate, routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, type FakeHandler, type FakeRequest, fakeRoute, routeKey } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeTask } from '@/test-support/task-fixtures';
import { makePersona, personaServer } from '../test-support/persona-server';
import { PersonasPage } from './personas-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

function renderPersonas(routes: ServerRoutes, { path = '/high-concept', width = 1280 } = {}) {
  return renderWithProviders(<Route path="/high-concept" element={<PersonasPage />} />, {
    path,
    width,
    server: routes,
  });
}

const card = (name: string) => screen.getByRole('article', { name });

const anna = () =>
  makePersona({
    name: 'Anna Schneider',
    position: 'Founder',
    companyName: 'Nordlicht Ventures',
    domainType: 'startup',
    highConceptGoal: 'Become the go-to voice for climate founders',
    description: 'Writes warmly and to the point.',
    expertiseAreas: ['Fundraising', 'Climate tech', 'Hiring', 'Pricing', 'Storytelling'],
    location: 'Berlin',
    isTwinVoice: true,
    createdAt: '2026-03-05T10:00:00.000Z',
  });

describe('Personas list (desktop)', () => {
  it(
    'shows a card per persona with initials, badges, goal, the first three expertise areas and +N',
    async () => {
      const { routes } = personaServer([
        anna(),
        makePersona({
          name: 'mark weber',
          domainType: 'creative',
          status: 'draft',
          isSample: true,
          expertiseAreas: ['Design'],
        }),
      ]);
      renderPersonas(routes);

      const list = await screen.findByRole('list', { name: 'Personas' });
      expect(within(list).getAllByRole('article')).toHaveLength(2);
      const first = card('Anna Schneider');
      expect(within(first).getByTestId('persona-initials')).toHaveTextContent('AS');
      expect(within(first).getByText('Founder · Nordlicht Ventures')).toBeInTheDocument();
      expect(within(first).getByText('Startup')).toHaveAttribute('data-domain', 'startup');
      expect(within(first).getByText("Twin's voice")).toBeInTheDocument();
      expect(within(first).queryByText('Sample')).not.toBeInTheDocument();
      expect(within(first).getByText('Become the go-to voice for climate founders')).toBeInTheDocument();
      expect(within(first).getByText('Writes warmly and to the point.')).toBeInTheDocument();
      const expertise = within(first).getByRole('list', { name: 'Expertise areas' });
      expect(
        within(expertise)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Fundraising', 'Climate tech', 'Hiring', '+2']);
      expect(within(first).getByText('Active')).toBeInTheDocument();
      expect(within(first).getByText(/^05\.03(\.2026)?$/)).toBeInTheDocument();

      const second = card('mark weber');
      expect(within(second).getByTestId('persona-initials')).toHaveTextContent('MW');
      expect(within(second).getByText('Creative')).toBeInTheDocument();
      expect(within(second).getByText('Sample')).toBeInTheDocument();
      expect(within(second).getByText('Draft')).toBeInTheDocument();
      expect(within(second).queryByText(/^\+/)).not.toBeInTheDocument();
      expect(within(second).queryByText("Twin's voice")).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the empty state with the create action',
    async () => {
      const { user } = renderPersonas(personaServer([]).routes);
      expect(await screen.findByText('No personas yet')).toBeInTheDocument();
      const buttons = screen.getAllByRole('button', { name: 'Create persona' });
      expect(buttons).toHaveLength(2);
      await user.click(buttons[1]!);
      expect(await screen.findByRole('dialog', { name: 'New persona' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows an error with retry when the list fails, never sample personas, and loads on retry',
    async () => {
      const { routes } = personaServer([anna()]);
      const list = routes[routeKey(apiRoutes.personas.list)] as FakeHandler;
      let failing = true;
      const { user, fake } = renderPersonas({
        ...routes,
        [routeKey(apiRoutes.personas.list)]: (request) =>
          failing ? errorReply(500, 'internal') : list(request),
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Personas could not be loaded.');
      expect(screen.queryByRole('article')).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Personas' })).not.toBeInTheDocument();

      failing = false;
      const calls = fake.callsTo(apiRoutes.personas.list).length;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('article', { name: 'Anna Schneider' })).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.personas.list).length).toBeGreaterThan(calls);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'validates the create form, creates the persona and opens it',
    async () => {
      const { routes } = personaServer([]);
      const { user, fake, location } = renderPersonas(routes);
      await screen.findByText('No personas yet');
      await user.click(screen.getAllByRole('button', { name: 'Create persona' })[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'New persona' });

      await user.click(within(dialog).getByRole('button', { name: 'Create persona' }));
      expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
      expect(fake.callsTo(apiRoutes.personas.create)).toHaveLength(0);

      await user.type(within(dialog).getByLabelText('Name'), 'Lena Fischer');
      await user.type(within(dialog).getByLabelText('Position'), 'CTO');
      await user.type(within(dialog).getByLabelText('Company'), 'Fjord Labs');
      await user.selectOptions(within(dialog).getByLabelText('Domain type'), 'Startup');
      await user.type(within(dialog).getByLabelText('Description'), 'Builds things.');
      await user.click(within(dialog).getByRole('button', { name: 'Create persona' }));

      await waitFor(() => expect(fake.callsTo(apiRoutes.personas.create)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.personas.create)[0]!.body).toEqual({
        name: 'Lena Fischer',
        position: 'CTO',
        companyName: 'Fjord Labs',
        domainType: 'startup',
        description: 'Builds things.',
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Lena Fischer' })).toBeInTheDocument();
      expect(location().search).toMatch(/^\?persona=/);
      expect(screen.queryByRole('dialog', { name: 'New persona' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the server’s field errors in the create form',
    async () => {
      const { routes } = personaServer([]);
      const { user } = renderPersonas({
        ...routes,
        ...fakeRoute(
          apiRoutes.personas.create,
          errorReply(400, 'validation_failed', 'Invalid', {
            fields: { name: 'nameRequired' },
          }),
        ),
      });
      await screen.findByText('No personas yet');
      await user.click(screen.getAllByRole('button', { name: 'Create persona' })[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'New persona' });
      await user.type(within(dialog).getByLabelText('Name'), 'X');
      await user.click(within(dialog).getByRole('button', { name: 'Create persona' }));
      expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Persona detail', () => {
  it(
    'opens from its card, shows the stats and "Not set" for empty fields, and goes back',
    async () => {
      const persona = anna();
      const { user, location } = renderPersonas(personaServer([persona]).routes);
      await user.click(await screen.findByRole('button', { name: 'Anna Schneider' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' })).toBeInTheDocument();
      expect(location().search).toBe(`?persona=${persona.id}`);
      const stats = screen.getByLabelText('Persona statistics');
      expect(await within(stats).findByText('12')).toBeInTheDocument();
      expect(within(stats).getByText('345')).toBeInTheDocument();
      expect(screen.getAllByText('Not set').length).toBeGreaterThan(5);
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Overview',
        'High concept',
        'Brand bible',
        'Templates',
      ]);
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Personas' })).toBeInTheDocument();
      expect(location().search).toBe('');
    },
    SLOW,
  );

  it(
    'edits a list, a map and a test plan, and saves only the changed fields',
    async () => {
      const persona = makePersona({
        name: 'Anna Schneider',
        expertiseAreas: ['Fundraising', 'Hiring'],
        brandPersonality: { tone: 'warm' },
      });
      const { routes } = personaServer([persona]);
      const { user, fake } = renderPersonas(routes, { path: `/high-concept?persona=${persona.id}` });
      await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' });
      await user.click(screen.getByRole('button', { name: 'Edit' }));

      // A list: one chip removed, one added with Enter.
      await user.click(screen.getByRole('button', { name: 'Remove “Hiring”' }));
      await user.type(screen.getByRole('textbox', { name: 'Add to Expertise areas' }), 'Climate tech{Enter}');
      const chips = screen.getByRole('list', { name: 'Expertise areas' });
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Fundraising', 'Climate tech']);

      // A map: a new key/value row.
      await user.click(screen.getByRole('tab', { name: 'Brand bible' }));
      await user.click(screen.getByRole('button', { name: 'Add a row to Brand personality' }));
      await user.type(screen.getByRole('textbox', { name: 'Brand personality: key 2' }), 'voice');
      await user.type(screen.getByRole('textbox', { name: 'Brand personality: value 2' }), 'direct');

      // The test plan: a named experiment with one row.
      await user.click(screen.getByRole('button', { name: 'Add an experiment to Test plan' }));
      await user.type(screen.getByRole('textbox', { name: 'Test plan, experiment 1: name' }), 'Hook A/B');
      await user.type(screen.getByRole('textbox', { name: 'Test plan, experiment 1: key 1' }), 'metric');
      await user.type(screen.getByRole('textbox', { name: 'Test plan, experiment 1: value 1' }), 'replies');

      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.personas.update, { id: persona.id })).toHaveLength(1),
      );
      expect(fake.callsTo(apiRoutes.personas.update, { id: persona.id })[0]!.body).toEqual({
        expertiseAreas: ['Fundraising', 'Climate tech'],
        brandPersonality: { tone: 'warm', voice: 'direct' },
        brandTestPlan: { 'Hook A/B': { metric: 'replies' } },
      });

      // Read mode again, with the saved values.
      expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
      expect(screen.getByText('voice')).toBeInTheDocument();
      expect(screen.getByText('direct')).toBeInTheDocument();
      const experiment = screen.getByRole('region', { name: 'Hook A/B' });
      expect(within(experiment).getByText('metric')).toBeInTheDocument();
      expect(within(experiment).getByText('replies')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Overview' }));
      const saved = screen.getByRole('list', { name: 'Expertise areas' });
      expect(
        within(saved)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Fundraising', 'Climate tech']);
    },
    SLOW,
  );

  it(
    'cancel discards the edits and sends nothing',
    async () => {
      const persona = makePersona({ name: 'Anna Schneider', location: 'Berlin' });
      const { user, fake } = renderPersonas(personaServer([persona]).routes, {
        path: `/high-concept?persona=${persona.id}`,
      });
      await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' });
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      const location = screen.getByRole('textbox', { name: 'Location' });
      await user.clear(location);
      await user.type(location, 'Hamburg');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByText('Berlin')).toBeInTheDocument();
      expect(screen.queryByText('Hamburg')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('Berlin');
      expect(fake.callsTo(apiRoutes.personas.update, { id: persona.id })).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'keeps the edits and marks the field when the server refuses them',
    async () => {
      const persona = makePersona({ name: 'Anna Schneider' });
      const { routes } = personaServer([persona]);
      routes[routeKey(apiRoutes.personas.update, { id: persona.id })] = errorReply(
        400,
        'validation_failed',
        'Invalid',
        {
          fields: { avatarUrl: 'httpOnly' },
        },
      );
      const { user } = renderPersonas(routes, { path: `/high-concept?persona=${persona.id}` });
      await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' });
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.type(screen.getByRole('textbox', { name: 'Avatar URL' }), 'ftp://x.io/a.png');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Enter an http or https address')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Avatar URL' })).toHaveValue('ftp://x.io/a.png');
      expect(screen.getByRole('textbox', { name: 'Avatar URL' })).toHaveAttribute('aria-invalid', 'true');
    },
    SLOW,
  );

  it(
    'requires a name before saving',
    async () => {
      const persona = makePersona({ name: 'Anna Schneider' });
      const { user, fake } = renderPersonas(personaServer([persona]).routes, {
        path: `/high-concept?persona=${persona.id}`,
      });
      await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' });
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.clear(screen.getByRole('textbox', { name: 'Name' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Name is required')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.personas.update, { id: persona.id })).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'makes a persona the twin’s voice',
    async () => {
      const voice = anna();
      const other = makePersona({ name: 'Mark Weber' });
      const { user, fake } = renderPersonas(personaServer([voice, other]).routes, {
        path: `/high-concept?persona=${other.id}`,
      });
      await screen.findByRole('heading', { level: 1, name: 'Mark Weber' });
      expect(screen.queryByText("Twin's voice")).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: "Use as twin's voice" }));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.personas.makeTwinVoice, { id: other.id })).toHaveLength(1),
      );
      expect(await screen.findByText("Twin's voice")).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: "Use as twin's voice" })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(within(card('Mark Weber')).getByText("Twin's voice")).toBeInTheDocument());
      expect(within(card('Anna Schneider')).queryByText("Twin's voice")).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks before deleting, and deletes on confirmation',
    async () => {
      const persona = makePersona({ name: 'Anna Schneider' });
      const { user, fake, location } = renderPersonas(personaServer([persona]).routes, {
        path: `/high-concept?persona=${persona.id}`,
      });
      await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' });
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Delete persona?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.personas.delete, { id: persona.id })).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Delete persona?' });
      expect(dialog).toHaveTextContent('“Anna Schneider” and its message templates will be deleted.');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.personas.delete, { id: persona.id })).toHaveLength(1),
      );
      expect(await screen.findByText('No personas yet')).toBeInTheDocument();
      expect(location().search).toBe('');
    },
    SLOW,
  );
});

describe('High Concept Analysis', () => {
  it(
    'runs the analysis, shows each proposed field beside the current one, and applies only the ticked ones',
    async () => {
      const persona = makePersona({ name: 'Maya Chen', brandTaglines: ['Old phrase'] });
      const server = personaServer([persona]);
      const taskId = '33333333-0000-4000-8000-000000000001';
      const proposal = {
        highConceptGoal: 'Lead B2B payments in Europe',
        brandTaglines: ['Pay like you text'],
        brandContentThemes: ['Pilot stories'],
      };
      let task = makeTask({
        id: taskId,
        type: 'high_concept_analysis',
        title: 'High Concept Analysis: Maya Chen',
        context: { personaId: persona.id, proposal, analyzedBy: 'offline', summary: '3 fields proposed' },
      });
      const accepted: unknown[] = [];
      const { user } = renderPersonas(
        {
          ...server.routes,
          ...fakeRoute(apiRoutes.personas.startHighConceptAnalysis, { id: persona.id }, () => ({
            status: 201,
            body: task,
          })),
          ...fakeRoute(apiRoutes.tasks.get, { id: taskId }, () => ({ body: task })),
          ...fakeRoute(apiRoutes.tasks.acceptProposal, { id: taskId }, ({ body }: FakeRequest) => {
            accepted.push(body);
            task = { ...task, status: 'completed' };
            return {
              body: {
                task,
                persona: {
                  ...persona,
                  highConceptGoal: proposal.highConceptGoal,
                  brandTaglines: proposal.brandTaglines,
                },
              },
            };
          }),
        },
        { path: `/high-concept?persona=${persona.id}` },
      );
      await screen.findByRole('heading', { level: 1, name: 'Maya Chen' });
      await user.click(screen.getByRole('button', { name: 'High Concept Analysis' }));

      const dialog = await screen.findByRole('dialog', { name: 'Proposal for Maya Chen' });
      expect(within(dialog).getByText('Offline engine: rules, not a language model')).toBeInTheDocument();
      const fields = within(dialog).getByRole('list', { name: 'Proposed fields' });
      // One checkbox per proposed field, all ticked to start with.
      expect(
        within(fields)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('aria-checked')),
      ).toEqual(['true', 'true', 'true']);
      expect(within(dialog).getByText('Old phrase')).toBeInTheDocument();
      expect(within(dialog).getByText('Pay like you text')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Accept: Content themes' }));
      await user.click(within(dialog).getByRole('button', { name: 'Apply selected (2)' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(accepted).toEqual([{ fields: ['highConceptGoal', 'brandTaglines'] }]);
      expect(await screen.findByText('Fields applied: 2')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'High concept' }));
      expect(await screen.findByText('Lead B2B payments in Europe')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'opens a reviewed proposal read-only from a link',
    async () => {
      const persona = makePersona({ name: 'Maya Chen' });
      const taskId = '33333333-0000-4000-8000-000000000002';
      const task = makeTask({
        id: taskId,
        type: 'high_concept_analysis',
        status: 'completed',
        context: {
          personaId: persona.id,
          proposal: { brandSlogan: 'Pay like you text' },
          analyzedBy: 'gpt-test',
        },
      });
      renderPersonas(
        {
          ...personaServer([persona]).routes,
          ...fakeRoute(apiRoutes.tasks.get, { id: taskId }, { body: task }),
        },
        { path: `/high-concept?persona=${persona.id}&proposal=${taskId}` },
      );
      const dialog = await screen.findByRole('dialog', { name: 'Proposal for Maya Chen' });
      expect(within(dialog).getByText('This proposal has already been reviewed.')).toBeInTheDocument();
      expect(within(dialog).getByText('Written by gpt-test')).toBeInTheDocument();
      expect(within(dialog).getByRole('checkbox', { name: 'Accept: Slogan' })).toBeDisabled();
      expect(within(dialog).queryByRole('button', { name: /Apply selected/ })).not.toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Message templates', () => {
  const template = (personaId: string): MessageTemplate => ({
    id: '33333333-0000-4000-8000-000000000001',
    personaId,
    name: 'Warm intro',
    content: 'Hi {name}!',
    variables: [],
    platform: 'telegram',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
  });

  it(
    'lists templates, previews a new one live and creates it with the right body',
    async () => {
      const persona = makePersona({ name: 'Anna Schneider' });
      const { routes } = personaServer([persona], [template(persona.id)]);
      const { user, fake } = renderPersonas(routes, { path: `/high-concept?persona=${persona.id}` });
      await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' });
      await user.click(screen.getByRole('tab', { name: 'Templates' }));
      const existing = await screen.findByRole('article', { name: 'Warm intro' });
      expect(within(existing).getByText('Telegram')).toBeInTheDocument();
      expect(within(existing).getByText('Hi {name}!')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'New template' }));
      const dialog = await screen.findByRole('dialog', { name: 'New message template' });
      await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
      expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Content is required')).toBeInTheDocument();

      const preview = within(dialog).getByRole('region', { name: 'Preview' });
      const content = within(dialog).getByRole('textbox', { name: 'Content' });
      await user.type(content, 'Hello {{name}');
      expect(within(preview).getByTestId('template-preview')).toHaveTextContent('Hello Anna Schneider');
      await user.type(content, ' from {{company}: {{message} {{slot}');
      expect(within(preview).getByTestId('template-preview')).toHaveTextContent(
        'Hello Anna Schneider from Nordlicht Ventures: Could we start a pilot next month? {slot}',
      );

      await user.type(within(dialog).getByRole('textbox', { name: 'Template name' }), 'Pilot follow-up');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Platform' }), 'WhatsApp');
      const variables = within(dialog).getByRole('textbox', { name: 'Add to Variables' });
      await user.type(variables, 'bad name{Enter}');
      expect(within(dialog).getByText('Use letters, digits and _ only (at most 50)')).toBeInTheDocument();
      await user.clear(variables);
      await user.type(variables, 'slot{Enter}');
      await user.click(within(dialog).getByRole('button', { name: 'Create template' }));

      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.personas.createTemplate, { id: persona.id })).toHaveLength(1),
      );
      expect(fake.callsTo(apiRoutes.personas.createTemplate, { id: persona.id })[0]!.body).toEqual({
        name: 'Pilot follow-up',
        content: 'Hello {name} from {company}: {message} {slot}',
        platform: 'whatsapp',
        variables: ['slot'],
      });
      expect(await screen.findByRole('article', { name: 'Pilot follow-up' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'New message template' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a missing field and the server’s refusal under the field they belong to',
    async () => {
      const persona = makePersona({ name: 'Anna Schneider' });
      const { routes } = personaServer([persona]);
      routes[routeKey(apiRoutes.personas.createTemplate, { id: persona.id })] = errorReply(
        400,
        'validation_failed',
        'Invalid',
        {
          fields: { content: 'contentRequired' },
        },
      );
      const { user } = renderPersonas(routes, { path: `/high-concept?persona=${persona.id}` });
      await screen.findByRole('heading', { level: 1, name: 'Anna Schneider' });
      await user.click(screen.getByRole('tab', { name: 'Templates' }));
      await user.click(await screen.findByRole('button', { name: 'New template' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'New message template' }));
      const name = dialog.getByRole('textbox', { name: 'Template name' });
      const content = dialog.getByRole('textbox', { name: 'Content' });

      await user.type(content, 'Hi {{name}');
      await user.click(dialog.getByRole('button', { name: 'Create template' }));
      await waitFor(() => expect(name).toHaveAccessibleDescription('Name is required'));
      expect(name).toHaveFocus();
      expect(content).toHaveAttribute('aria-invalid', 'false');

      await user.type(name, 'Intro');
      expect(name).not.toHaveAccessibleDescription();
      await user.click(dialog.getByRole('button', { name: 'Create template' }));
      await waitFor(() => expect(content).toHaveAccessibleDescription('Content is required'));
      expect(content).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAttribute('aria-invalid', 'false');
    },
    SLOW,
  );
});

describe('Personas on a phone', () => {
  it(
    'shows the summary tiles and cards, and opens a tapped card in a dialog',
    async () => {
      const { routes } = personaServer([
        anna(),
        makePersona({ name: 'Mark Weber', status: 'draft', domainType: 'startup', location: 'Munich' }),
        makePersona({ name: 'Lena Fischer', expertiseAreas: ['Design', 'Research'] }),
      ]);
      const { user } = renderPersonas({ ...signedInRoutes(), ...routes }, { width: 390 });
      const tiles = await screen.findByLabelText('Summary');
      const figure = (label: string) => within(tiles).getByText(label).nextElementSibling?.textContent;
      expect(figure('Personas')).toBe('3');
      expect(figure('Active')).toBe('2');
      expect(figure('Startup')).toBe('2');

      const annaCard = screen.getByRole('article', { name: 'Anna Schneider' });
      expect(within(annaCard).getByText('AS')).toBeInTheDocument();
      expect(within(annaCard).getByText('Founder · Nordlicht Ventures')).toBeInTheDocument();
      expect(within(annaCard).getByText('Startup')).toBeInTheDocument();
      expect(within(annaCard).getByText('Fundraising')).toBeInTheDocument();
      expect(within(annaCard).getByText('Climate tech')).toBeInTheDocument();
      expect(within(annaCard).queryByText('Hiring')).not.toBeInTheDocument();
      expect(within(annaCard).getByText('+3')).toBeInTheDocument();
      expect(within(annaCard).getByText('Berlin')).toBeInTheDocument();
      expect(
        within(screen.getByRole('article', { name: 'Mark Weber' })).getByText('Munich'),
      ).toBeInTheDocument();

      await user.click(within(annaCard).getByRole('button', { name: 'Open Anna Schneider' }));
      const dialog = await screen.findByRole('dialog', { name: 'Anna Schneider' });
      expect(within(dialog).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    SLOW,
  );
});
