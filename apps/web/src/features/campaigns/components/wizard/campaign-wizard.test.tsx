import { routes as apiRoutes } from '@doppel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, type FakeReply, routeKey } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { campaignsServer, savedKey } from '../../test-support/campaigns-server';
import { CampaignsPage } from '../campaigns-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 30_000;

type User = ReturnType<typeof renderCampaigns>['user'];

function renderCampaigns(routes: ServerRoutes) {
  return renderWithProviders(<Route path="/business" element={<CampaignsPage />} />, {
    path: '/business',
    server: routes,
  });
}

async function openWizard(user: User, opener = 'Create Campaign', title = opener) {
  await user.click((await screen.findAllByRole('button', { name: opener }))[0]!);
  return screen.findByRole('dialog', { name: title });
}

const button = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });
const continueButton = (dialog: HTMLElement) => button(dialog, 'Continue');
/** A choice's whole card: its badges sit beside the button, which holds only the title. */
const choiceCard = (dialog: HTMLElement, name: string) => button(dialog, name).closest('div')!;
const targetField = (dialog: HTMLElement) =>
  within(dialog).getByRole('spinbutton', { name: 'Target contact count' });

/** The value shown for a summary row (its <dt> → the <dd> after it). */
function summary(dialog: HTMLElement, label: string): string | null | undefined {
  return within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function choose(user: User, dialog: HTMLElement, names: string[]) {
  for (const name of names) await user.click(button(dialog, name));
}

/** Goes through the first four steps with these choices and stops on the review. */
async function fillWizard(
  user: User,
  dialog: HTMLElement,
  {
    goal = 'Raise Funding',
    sources = ['CSV Upload'],
    tools = ['Clearbit'],
    channels = ['Email'],
  }: { goal?: string; sources?: string[]; tools?: string[]; channels?: string[] } = {},
) {
  await choose(user, dialog, [goal]);
  await user.click(continueButton(dialog));
  await choose(user, dialog, sources);
  await user.click(continueButton(dialog));
  await choose(user, dialog, tools);
  await user.click(continueButton(dialog));
  await choose(user, dialog, channels);
  await user.click(continueButton(dialog));
  expect(within(dialog).getByRole('heading', { name: 'Review & Launch Campaign' })).toBeInTheDocument();
}

/** The goal cards in their order: title, then the campaign the server made (its type badge). */
const NEW_AND_OLD_GOALS = [
  ['Raise Funding', 'Investor'],
  ['Find Partners', 'Partner'],
  ['Acquire Customers', 'Client'],
  ['Hire Talent', 'Talent'],
  ['Find Vendors', 'Vendor'],
  ['Generate Leads', 'Lead Gen'],
  ['Build Brand Awareness', 'Brand'],
  ['Promote Content', 'Content'],
] as const;

describe('Campaign wizard', () => {
  it(
    'goes through the five steps with every text of the spec and launches the draft',
    async () => {
      const server = campaignsServer([]);
      const { user, fake } = renderCampaigns(server.routes);
      const dialog = await openWizard(user);
      const d = within(dialog);

      // Step 1: the goal.
      expect(dialog).toHaveAccessibleDescription('Step 1 of 5, 20% complete');
      expect(d.getByRole('progressbar', { name: 'Wizard progress' })).toHaveAttribute('aria-valuenow', '20');
      expect(d.getByRole('heading', { name: "What's your main goal?" })).toBeInTheDocument();
      expect(d.getByText('Campaign Goal')).toBeInTheDocument();
      // All eight goals, one per campaign type, in the contracts' order.
      const goalStep = d.getByRole('region', { name: "What's your main goal?" });
      const goals = within(goalStep).getAllByRole('button');
      expect(goals).toHaveLength(8);
      goals.forEach((goal, index) => {
        expect(goal).toHaveAccessibleName(NEW_AND_OLD_GOALS[index]![0]);
        expect(goal).toHaveAttribute('aria-pressed', 'false');
      });
      expect(button(dialog, 'Raise Funding')).toHaveAccessibleDescription(
        /Find investors who back companies at your stage.*Expected results.*Meetings with qualified investors.*Warm introductions to funds and angels.*Suggested budget: 200K tokens/,
      );
      expect(button(dialog, 'Cancel')).toBeInTheDocument();
      expect(d.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
      expect(continueButton(dialog)).toBeDisabled();
      await user.click(button(dialog, 'Raise Funding'));
      expect(button(dialog, 'Raise Funding')).toHaveAttribute('aria-pressed', 'true');
      await user.click(continueButton(dialog));

      // Step 2: sources in their four groups, and the target count.
      expect(dialog).toHaveAccessibleDescription('Step 2 of 5, 40% complete');
      expect(d.getByRole('heading', { name: 'Where should we find contacts?' })).toHaveFocus();
      expect(d.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual([
        'CRM Systems',
        'File Import',
        'Platform Search',
        'Manual Entry',
      ]);
      const fileImport = d.getByRole('region', { name: 'File Import' });
      expect(
        within(fileImport)
          .getAllByRole('button')
          .map((choice) => choice.getAttribute('aria-pressed')),
      ).toEqual(['false', 'false']);
      expect(within(fileImport).getByRole('button', { name: 'Google Sheets' })).toBeInTheDocument();
      expect(targetField(dialog)).toHaveValue(100);
      expect(d.getByText('Recommended: 100–500 contacts.')).toBeInTheDocument();
      // Picked in another order than shown; sent in the spec's order.
      await choose(user, dialog, ['CSV Upload', 'Inner CRM']);
      await user.click(continueButton(dialog));

      // Step 3: recommendations, the seven tools in the spec's order, the estimate.
      expect(dialog).toHaveAccessibleDescription('Step 3 of 5, 60% complete');
      expect(d.getByRole('heading', { name: 'How should we enrich the data?' })).toBeInTheDocument();
      expect(d.getByText('Recommendations')).toBeInTheDocument();
      expect(
        within(d.getByRole('list', { name: 'Critical' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Email addresses', 'Job titles', 'Company info']);
      expect(
        within(d.getByRole('list', { name: 'Nice to have' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Phone numbers', 'Social profiles', 'Company size']);
      // Each says before launch how it will run: no adapter, or the user's key (none saved here).
      const tools = within(d.getByRole('region', { name: 'Enrichment tools' })).getAllByRole('button');
      const simulated = 'Simulated No adapter: values are made up, badged, and never used to reach anyone';
      const noKey =
        "Uses your API key No key saved: runs simulated until you add one in a campaign's Settings";
      const expectedTools = [
        ['Clearbit', `$0.10 per contact 92% accuracy ${simulated}`],
        ['ZoomInfo', `$0.25 per contact 95% accuracy ${simulated}`],
        ['Hunter.io', `$0.05 per contact 89% accuracy ${noKey}`],
        ['Lusha', `$0.20 per contact 93% accuracy ${noKey}`],
        ['People Data Labs', `$0.15 per contact 97% accuracy ${noKey}`],
        ['Snov.io', `$0.08 per contact 85% accuracy ${noKey}`],
        ['RocketReach', `$0.12 per contact 88% accuracy ${noKey}`],
      ];
      expect(tools).toHaveLength(7);
      // The keys are read first; until then the tools that need one say so.
      await waitFor(() => expect(tools[2]).toHaveAccessibleDescription(expectedTools[2]![1]));
      tools.forEach((tool, index) => {
        expect(tool).toHaveAccessibleName(expectedTools[index]![0]);
        expect(tool).toHaveAccessibleDescription(expectedTools[index]![1]);
      });
      expect(d.getByText('$0.00')).toBeInTheDocument();
      await choose(user, dialog, ['ZoomInfo', 'Clearbit']);
      // (0.10 + 0.25) × 100 contacts.
      expect(d.getByText('$35.00')).toBeInTheDocument();
      expect(d.getByText('$0.350 per contact')).toBeInTheDocument();
      expect(d.getByText('For 100 contacts')).toBeInTheDocument();
      expect(
        d.getByText(
          'Simulated, at no cost: Clearbit and ZoomInfo. Their values are made up; $35.00 of this estimate is their list price.',
        ),
      ).toBeInTheDocument();
      await user.click(continueButton(dialog));

      // Step 4: channels with response rates and setup difficulty, and the account note.
      expect(dialog).toHaveAccessibleDescription('Step 4 of 5, 80% complete');
      expect(d.getByRole('heading', { name: 'How should we reach out?' })).toBeInTheDocument();
      expect(button(dialog, 'LinkedIn')).toHaveAccessibleDescription('Response rate 15–25% Medium setup');
      expect(button(dialog, 'Email')).toHaveAccessibleDescription('Response rate 8–15% Easy setup');
      expect(button(dialog, 'WhatsApp')).toHaveAccessibleDescription('Response rate 35–45% Medium setup');
      expect(button(dialog, 'Facebook')).toHaveAccessibleDescription('Response rate 12–20% Medium setup');
      expect(button(dialog, 'Phone')).toHaveAccessibleDescription('Response rate 25–40% Hard setup');
      expect(button(dialog, 'Direct Mail')).toHaveAccessibleDescription('Response rate 5–10% Hard setup');
      expect(d.getAllByText('Easy setup')[0]).toHaveAttribute('data-difficulty', 'easy');
      expect(d.getAllByText('Hard setup')[0]).toHaveAttribute('data-difficulty', 'hard');
      expect(
        d.getByText(
          'Whether messages go out from your personal account or through the AI assistant is chosen in the next step.',
        ),
      ).toBeInTheDocument();
      await choose(user, dialog, ['Email', 'LinkedIn']);
      await user.click(continueButton(dialog));

      // Step 5: the name, prefilled, and the summary.
      expect(dialog).toHaveAccessibleDescription('Step 5 of 5, 100% complete');
      expect(d.getByRole('heading', { name: 'Review & Launch Campaign' })).toBeInTheDocument();
      expect(d.getByRole('textbox', { name: 'Campaign name' })).toHaveValue('Raise Funding Campaign');
      expect(d.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
      expect(summary(dialog, 'Goal')).toBe('Raise Funding');
      expect(summary(dialog, 'Contact sources')).toBe('Inner CRM and CSV Upload');
      expect(summary(dialog, 'Enrichment tools')).toBe('Clearbit (simulated) and ZoomInfo (simulated)');
      expect(summary(dialog, 'Outreach channels')).toBe('LinkedIn and Email');
      expect(summary(dialog, 'Target contacts')).toBe('100');
      expect(summary(dialog, 'Stages')).toBe('Extraction → Enrichment → Engagement');
      // Suggested budget 200K tokens; daily 200 ÷ 30, rounded, in thousands: under 10,000, in full.
      expect(summary(dialog, 'Estimated budget')).toBe('200K tokens, 7,000 tokens per day');
      expect(summary(dialog, 'Enrichment estimate')).toBe('$35.00');
      expect(summary(dialog, 'Expected duration')).toBe('2-4 weeks');
      expect(summary(dialog, 'Sending account')).toBe('Personal account');
      expect(d.getByRole('radio', { name: 'Personal account' })).toBeChecked();

      await user.click(button(dialog, 'Launch Campaign'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.campaigns.create).map((call) => call.body)).toEqual([
        {
          goal: 'raise_funding',
          name: 'Raise Funding Campaign',
          description: 'Find investors who back companies at your stage and start conversations with them.',
          sources: ['inner_crm', 'csv_upload'],
          targetContactCount: 100,
          tools: ['clearbit', 'zoominfo'],
          channels: ['linkedin', 'email'],
          accountType: 'personal',
        },
      ]);
      expect(
        await screen.findByText('Campaign created as a draft: Raise Funding Campaign'),
      ).toBeInTheDocument();
      // The list is read again: the new draft is there, at its first stage.
      const created = await screen.findByRole('article', { name: 'Raise Funding Campaign' });
      expect(within(created).getByText('Draft')).toBeInTheDocument();
      expect(within(created).getByText('Extraction')).toBeInTheDocument();
      expect(server.campaigns[0]!.stageConfigs.enrichment.budget_per_contact).toBe(2);
    },
    SLOW,
  );

  it(
    'starts afresh after a launch: goal cleared, name empty, selections empty, target 50',
    async () => {
      const { user } = renderCampaigns(campaignsServer([]).routes);
      let dialog = await openWizard(user);
      await fillWizard(user, dialog, { sources: ['Manual Input'] });
      await user.click(button(dialog, 'Launch Campaign'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      dialog = await openWizard(user);
      expect(dialog).toHaveAccessibleDescription('Step 1 of 5, 20% complete');
      expect(button(dialog, 'Raise Funding')).toHaveAttribute('aria-pressed', 'false');
      expect(continueButton(dialog)).toBeDisabled();
      await user.click(button(dialog, 'Hire Talent'));
      await user.click(continueButton(dialog));
      expect(targetField(dialog)).toHaveValue(50);
      expect(button(dialog, 'Manual Input')).toHaveAttribute('aria-pressed', 'false');
      expect(continueButton(dialog)).toBeDisabled();
      await fillWizardFromSources(user, dialog);
      // The name follows the new goal, nothing of the last campaign's.
      expect(within(dialog).getByRole('textbox', { name: 'Campaign name' })).toHaveValue(
        'Hire Talent Campaign',
      );
      expect(summary(dialog, 'Target contacts')).toBe('50');
    },
    SLOW,
  );

  it(
    'enables Continue only when the step is valid, and Launch only with a name',
    async () => {
      const { user, fake } = renderCampaigns(campaignsServer([]).routes);
      const dialog = await openWizard(user);

      // Goal: none chosen.
      expect(continueButton(dialog)).toBeDisabled();
      await user.click(button(dialog, 'Find Partners'));
      expect(continueButton(dialog)).toBeEnabled();
      await user.click(continueButton(dialog));

      // Sources: none, then one and removed again.
      expect(continueButton(dialog)).toBeDisabled();
      await user.click(button(dialog, 'Apollo Search'));
      expect(continueButton(dialog)).toBeEnabled();
      await user.click(button(dialog, 'Apollo Search'));
      expect(button(dialog, 'Apollo Search')).toHaveAttribute('aria-pressed', 'false');
      expect(continueButton(dialog)).toBeDisabled();
      await user.click(button(dialog, 'Pipedrive'));
      expect(continueButton(dialog)).toBeEnabled();
      // …and a valid target count: a blank one is refused.
      await user.clear(targetField(dialog));
      expect(continueButton(dialog)).toBeDisabled();
      await user.type(targetField(dialog), '300');
      expect(continueButton(dialog)).toBeEnabled();
      await user.click(continueButton(dialog));

      // Tools.
      expect(continueButton(dialog)).toBeDisabled();
      await user.click(button(dialog, 'Lusha'));
      expect(continueButton(dialog)).toBeEnabled();
      await user.click(continueButton(dialog));

      // Channels.
      expect(continueButton(dialog)).toBeDisabled();
      await user.click(button(dialog, 'WhatsApp'));
      expect(continueButton(dialog)).toBeEnabled();
      await user.click(continueButton(dialog));

      // Review: a blank or whitespace name cannot be launched.
      const name = within(dialog).getByRole('textbox', { name: 'Campaign name' });
      expect(name).toHaveValue('Find Partners Campaign');
      await user.clear(name);
      expect(button(dialog, 'Launch Campaign')).toBeDisabled();
      expect(within(dialog).getByText('Campaign name is required')).toBeInTheDocument();
      await user.type(name, '   ');
      expect(button(dialog, 'Launch Campaign')).toBeDisabled();
      await user.keyboard('{Enter}');
      expect(fake.callsTo(apiRoutes.campaigns.create)).toHaveLength(0);
      await user.type(name, 'Integrations');
      expect(button(dialog, 'Launch Campaign')).toBeEnabled();
      await user.click(button(dialog, 'Launch Campaign'));
      await waitFor(() => expect(fake.callsTo(apiRoutes.campaigns.create)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.campaigns.create)[0]!.body).toMatchObject({
        goal: 'find_partners',
        name: 'Integrations',
        sources: ['pipedrive'],
        targetContactCount: 300,
        tools: ['lusha'],
        channels: ['whatsapp'],
      });
    },
    SLOW,
  );

  it(
    'takes target counts from 10 to 10000 and refuses 9 and 10001 with the range under the field',
    async () => {
      const { user } = renderCampaigns(campaignsServer([]).routes);
      const dialog = await openWizard(user);
      await user.click(button(dialog, 'Raise Funding'));
      await user.click(continueButton(dialog));
      await user.click(button(dialog, 'CSV Upload'));
      const field = targetField(dialog);
      expect(field).toHaveAttribute('min', '10');
      expect(field).toHaveAttribute('max', '10000');

      const cases: Array<[string, boolean]> = [
        ['9', false],
        ['10', true],
        ['10000', true],
        ['10001', false],
        ['250', true],
      ];
      for (const [value, valid] of cases) {
        await user.clear(field);
        await user.type(field, value);
        if (valid) {
          expect(continueButton(dialog)).toBeEnabled();
          expect(field).toHaveAttribute('aria-invalid', 'false');
          expect(
            within(dialog).queryByText('Enter a whole number from 10 to 10,000.'),
          ).not.toBeInTheDocument();
        } else {
          expect(continueButton(dialog)).toBeDisabled();
          expect(field).toHaveAttribute('aria-invalid', 'true');
          expect(field).toHaveAccessibleDescription('Enter a whole number from 10 to 10,000.');
        }
      }

      // The estimate follows the count: (0.05 + 0.08) × 250 = 32.50, 0.130 per contact.
      await user.click(continueButton(dialog));
      await choose(user, dialog, ['Hunter.io', 'Snov.io']);
      expect(within(dialog).getByText('$32.50')).toBeInTheDocument();
      expect(within(dialog).getByText('$0.130 per contact')).toBeInTheDocument();
      expect(within(dialog).getByText('For 250 contacts')).toBeInTheDocument();
      await user.click(button(dialog, 'Snov.io'));
      expect(within(dialog).getByText('$12.50')).toBeInTheDocument();
      expect(within(dialog).getByText('$0.050 per contact')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'goes back keeping the choices, and Cancel, the close button and Escape discard them',
    async () => {
      const { user } = renderCampaigns(campaignsServer([]).routes);
      let dialog = await openWizard(user);
      await user.click(button(dialog, 'Acquire Customers'));
      await user.click(continueButton(dialog));
      await user.click(button(dialog, 'Google Sheets'));
      expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      await user.click(button(dialog, 'Back'));
      expect(dialog).toHaveAccessibleDescription('Step 1 of 5, 20% complete');
      expect(button(dialog, 'Acquire Customers')).toHaveAttribute('aria-pressed', 'true');
      await user.click(continueButton(dialog));
      expect(button(dialog, 'Google Sheets')).toHaveAttribute('aria-pressed', 'true');

      // The close button (×).
      await user.click(button(dialog, 'Close the campaign wizard'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // Focus goes back to the button that opened it.
      expect(screen.getAllByRole('button', { name: 'Create Campaign' })[0]).toHaveFocus();

      dialog = await openWizard(user);
      expect(dialog).toHaveAccessibleDescription('Step 1 of 5, 20% complete');
      expect(button(dialog, 'Acquire Customers')).toHaveAttribute('aria-pressed', 'false');
      await user.click(button(dialog, 'Acquire Customers'));
      await user.click(button(dialog, 'Cancel'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      dialog = await openWizard(user);
      expect(button(dialog, 'Acquire Customers')).toHaveAttribute('aria-pressed', 'false');
      await user.click(button(dialog, 'Acquire Customers'));
      await user.click(continueButton(dialog));
      // Never launched: the first default still stands.
      expect(targetField(dialog)).toHaveValue(100);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    SLOW,
  );

  it(
    'keeps everything and toasts the error when the launch fails; a second click sends nothing',
    async () => {
      let answer: (reply: FakeReply) => void = () => {};
      const { routes } = campaignsServer([]);
      const { user, fake } = renderCampaigns({
        ...routes,
        [routeKey(apiRoutes.campaigns.create)]: () =>
          new Promise<FakeReply>((resolve) => {
            answer = resolve;
          }),
      });
      const dialog = await openWizard(user);
      await fillWizard(user, dialog, { goal: 'Hire Talent' });
      const launch = button(dialog, 'Launch Campaign');
      await user.click(launch);
      await waitFor(() => expect(launch).toHaveAttribute('aria-busy', 'true'));
      expect(launch).toBeDisabled();
      expect(button(dialog, 'Back')).toBeDisabled();
      await user.click(launch);
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.campaigns.create)).toHaveLength(1);

      act(() => answer(errorReply(500, 'internal', '')));
      expect(await screen.findByText('Failed to create campaign')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
      expect(dialog).toHaveAccessibleDescription('Step 5 of 5, 100% complete');
      expect(within(dialog).getByRole('textbox', { name: 'Campaign name' })).toHaveValue(
        'Hire Talent Campaign',
      );
      expect(button(dialog, 'Launch Campaign')).toBeEnabled();
    },
    SLOW,
  );

  it(
    'speaks the interface language: names, figures and the default campaign name',
    async () => {
      await act(() => i18n.changeLanguage('ru'));
      const { user } = renderCampaigns(campaignsServer([]).routes);
      const dialog = await openWizard(user, 'Создать кампанию', 'Создание кампании');
      // Russian separates the percent sign and thousands with a no-break space.
      expect(dialog).toHaveAccessibleDescription(/^Шаг 1 из 5, выполнено 20\s%$/);
      await user.click(button(dialog, 'Привлечь инвестиции'));
      await user.click(button(dialog, 'Продолжить'));
      await user.click(button(dialog, 'Загрузка CSV'));
      const target = within(dialog).getByRole('spinbutton', { name: 'Целевое число контактов' });
      await user.clear(target);
      await user.type(target, '1000');
      await user.click(button(dialog, 'Продолжить'));
      await user.click(button(dialog, 'Clearbit'));
      expect(button(dialog, 'Clearbit')).toHaveAccessibleDescription(
        /^0,10\s\$ за контакт точность 92\s% Симуляция Нет адаптера: данные выдуманы/,
      );
      expect(within(dialog).getByText('100,00 $')).toBeInTheDocument();
      expect(within(dialog).getByText('0,100 $ за контакт')).toBeInTheDocument();
      await user.click(button(dialog, 'Продолжить'));
      await user.click(button(dialog, 'Эл. почта'));
      await user.click(button(dialog, 'Продолжить'));
      expect(within(dialog).getByRole('textbox', { name: 'Название кампании' })).toHaveValue(
        'Кампания «Привлечь инвестиции»',
      );
      expect(summary(dialog, 'Целевое число контактов')?.replace(/\s/g, ' ')).toBe('1 000');
    },
    SLOW,
  );
});

describe('Campaign wizard: the four newer goals', () => {
  it.each([
    [
      'Find Vendors',
      'find_vendors',
      'Vendor',
      /Find suppliers and service providers.*Expected results.*A shortlist of reliable vendors.*Quotes and proposals to compare.*Suggested budget: 100K tokens/,
      '100K tokens, 3,000 tokens per day',
    ],
    [
      'Generate Leads',
      'generate_leads',
      'Lead Gen',
      /Fill your pipeline.*Expected results.*A steady flow of new leads.*Contacts scored by how well they fit.*Suggested budget: 250K tokens/,
      '250K tokens, 8,000 tokens per day',
    ],
    [
      'Build Brand Awareness',
      'build_brand',
      'Brand',
      /Make your company known.*Expected results.*Wider reach in your target audience.*Mentions, shares and press interest.*Suggested budget: 150K tokens/,
      '150K tokens, 5,000 tokens per day',
    ],
    [
      'Promote Content',
      'promote_content',
      'Content',
      /Put your articles, videos and reports.*Expected results.*More views and shares.*New followers and subscribers.*Suggested budget: 120K tokens/,
      '120K tokens, 4,000 tokens per day',
    ],
  ] as const)(
    '%s: its card, its name and budget, and a campaign created with goal %s',
    async (title, goal, typeLabel, details, budget) => {
      const server = campaignsServer([]);
      const { user, fake } = renderCampaigns(server.routes);
      const dialog = await openWizard(user);
      expect(button(dialog, title)).toHaveAccessibleDescription(details);
      expect(within(choiceCard(dialog, title)).getByText(typeLabel)).toBeInTheDocument();

      await fillWizard(user, dialog, { goal: title });
      expect(within(dialog).getByRole('textbox', { name: 'Campaign name' })).toHaveValue(`${title} Campaign`);
      expect(summary(dialog, 'Goal')).toBe(title);
      expect(summary(dialog, 'Estimated budget')).toBe(budget);
      await user.click(button(dialog, 'Launch Campaign'));

      await waitFor(() => expect(fake.callsTo(apiRoutes.campaigns.create)).toHaveLength(1));
      const body = fake.callsTo(apiRoutes.campaigns.create)[0]!.body as Record<string, unknown>;
      expect(body).toMatchObject({ goal, name: `${title} Campaign`, accountType: 'personal' });
      expect(body.description).toEqual(expect.stringMatching(/\w/));
      const created = await screen.findByRole('article', { name: `${title} Campaign` });
      expect(within(created).getByText(typeLabel)).toBeInTheDocument();
      expect(server.campaigns[0]!.goal).toBe(goal);
    },
    SLOW,
  );
});

describe('Campaign wizard: honest providers before launch', () => {
  /** From a new wizard to the enrichment step (Raise Funding, CSV Upload). */
  async function toEnrichment(user: User) {
    const dialog = await openWizard(user);
    await user.click(button(dialog, 'Raise Funding'));
    await user.click(continueButton(dialog));
    await user.click(button(dialog, 'CSV Upload'));
    await user.click(continueButton(dialog));
    expect(
      within(dialog).getByRole('heading', { name: 'How should we enrich the data?' }),
    ).toBeInTheDocument();
    return dialog;
  }

  it(
    'shows the sources with no open API but does not let them be chosen, and says why',
    async () => {
      const { user } = renderCampaigns(campaignsServer([]).routes);
      const dialog = await openWizard(user);
      await user.click(button(dialog, 'Raise Funding'));
      await user.click(continueButton(dialog));

      for (const name of ['LinkedIn Search', 'Web Deep Search']) {
        const source = button(dialog, name);
        expect(source).toHaveAttribute('aria-disabled', 'true');
        expect(source).toHaveAccessibleDescription(/\. No open API: imports nothing$/);
        await user.click(source);
        expect(source).toHaveAttribute('aria-pressed', 'false');
        // Still reachable from the keyboard, so the reason is read out; Space and Enter choose nothing.
        source.focus();
        await user.keyboard(' ');
        await user.keyboard('{Enter}');
        expect(source).toHaveAttribute('aria-pressed', 'false');
      }
      expect(within(dialog).getAllByText('No open API: imports nothing')).toHaveLength(2);
      expect(continueButton(dialog)).toBeDisabled();

      // Sources that need a key or an address keep their hints and can be chosen.
      expect(button(dialog, 'Pipedrive')).toHaveAccessibleDescription(/Needs your API key$/);
      expect(button(dialog, 'Apollo Search')).toHaveAccessibleDescription(/Needs your API key$/);
      expect(button(dialog, 'Google Sheets')).toHaveAccessibleDescription(/Needs the sheet's link$/);
      expect(button(dialog, 'Google Sheets')).not.toHaveAttribute('aria-disabled');
      await user.click(button(dialog, 'Google Sheets'));
      expect(button(dialog, 'Google Sheets')).toHaveAttribute('aria-pressed', 'true');
      expect(continueButton(dialog)).toBeEnabled();
    },
    SLOW,
  );

  it(
    'says which tools run for real with a saved key, and names the simulated ones in the estimate and the summary',
    async () => {
      let release: () => void = () => {};
      const { routes } = campaignsServer([], { credentials: [savedKey('hunter'), savedKey('pipedrive')] });
      const credentials = routes[routeKey(apiRoutes.growth.credentials)]!;
      const { user } = renderCampaigns({
        ...routes,
        [routeKey(apiRoutes.growth.credentials)]: (request) =>
          new Promise<FakeReply>((resolve) => {
            release = () => resolve(typeof credentials === 'function' ? credentials(request) : credentials);
          }),
      });
      const dialog = await toEnrichment(user);
      const d = within(dialog);

      // While the keys load.
      expect(button(dialog, 'Hunter.io')).toHaveAccessibleDescription(
        '$0.05 per contact 89% accuracy Uses your API key Checking for a saved key…',
      );
      act(() => release());
      await waitFor(() =>
        expect(button(dialog, 'Hunter.io')).toHaveAccessibleDescription(
          '$0.05 per contact 89% accuracy Uses your API key Key saved',
        ),
      );
      expect(button(dialog, 'Lusha')).toHaveAccessibleDescription(
        "$0.20 per contact 93% accuracy Uses your API key No key saved: runs simulated until you add one in a campaign's Settings",
      );
      for (const name of ['Clearbit', 'ZoomInfo']) {
        expect(within(choiceCard(dialog, name)).getByText('Simulated')).toBeInTheDocument();
        expect(button(dialog, name)).toHaveAccessibleDescription(
          /Simulated No adapter: values are made up, badged, and never used to reach anyone$/,
        );
      }
      expect(within(choiceCard(dialog, 'Hunter.io')).queryByText('Simulated')).not.toBeInTheDocument();

      // Only real calls: no simulated line.
      await user.click(button(dialog, 'Hunter.io'));
      expect(d.getByText('$5.00')).toBeInTheDocument();
      expect(d.queryByText(/Simulated, at no cost/)).not.toBeInTheDocument();
      // Clearbit has no adapter, Lusha no saved key: both named, with their share of the estimate.
      await user.click(button(dialog, 'Clearbit'));
      expect(
        d.getByText(
          'Simulated, at no cost: Clearbit. Their values are made up; $10.00 of this estimate is their list price.',
        ),
      ).toBeInTheDocument();
      await user.click(button(dialog, 'Lusha'));
      expect(d.getByText('$35.00')).toBeInTheDocument();
      expect(
        d.getByText(
          'Simulated, at no cost: Clearbit and Lusha. Their values are made up; $30.00 of this estimate is their list price.',
        ),
      ).toBeInTheDocument();

      await user.click(continueButton(dialog));
      await user.click(button(dialog, 'Email'));
      await user.click(continueButton(dialog));
      expect(summary(dialog, 'Enrichment tools')).toBe(
        'Clearbit (simulated), Hunter.io, and Lusha (simulated)',
      );
      expect(summary(dialog, 'Contact sources')).toBe('CSV Upload');
    },
    SLOW,
  );

  it(
    'still works when the saved keys cannot be read, and reads them again on retry',
    async () => {
      let fail = true;
      const { routes } = campaignsServer([], { credentials: [savedKey('snov')] });
      const credentials = routes[routeKey(apiRoutes.growth.credentials)]!;
      const { user } = renderCampaigns({
        ...routes,
        [routeKey(apiRoutes.growth.credentials)]: (request) =>
          fail
            ? errorReply(500, 'internal', '')
            : typeof credentials === 'function'
              ? credentials(request)
              : credentials,
      });
      const dialog = await toEnrichment(user);

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(
        'Could not check your saved API keys. A provider without a saved key runs simulated.',
      );
      expect(button(dialog, 'Snov.io')).toHaveAccessibleDescription(
        '$0.08 per contact 85% accuracy Uses your API key Could not check for a saved key',
      );
      expect(button(dialog, 'Clearbit')).toHaveAccessibleDescription(/Simulated No adapter/);
      // The step still works.
      await user.click(button(dialog, 'Snov.io'));
      expect(continueButton(dialog)).toBeEnabled();

      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() =>
        expect(button(dialog, 'Snov.io')).toHaveAccessibleDescription(
          '$0.08 per contact 85% accuracy Uses your API key Key saved',
        ),
      );
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Campaign wizard: the sending account', () => {
  it(
    'offers the personal account and the AI assistant, and sends the choice with the campaign',
    async () => {
      const { user, fake } = renderCampaigns(campaignsServer([]).routes);
      const dialog = await openWizard(user);
      await fillWizard(user, dialog);

      const group = within(within(dialog).getByRole('group', { name: 'Sending account' }));
      const personal = group.getByRole('radio', { name: 'Personal account' });
      const assistant = group.getByRole('radio', { name: 'AI assistant' });
      expect(group.getAllByRole('radio')).toHaveLength(2);
      expect(personal).toBeChecked();
      expect(personal).toHaveAccessibleDescription('You approve every message before it goes out');
      expect(assistant).toHaveAccessibleDescription(
        "Your twin sends the messages itself, within the campaign's daily send limit and your touch budget; every message is kept on its task",
      );
      expect(summary(dialog, 'Sending account')).toBe('Personal account');

      // From the keyboard, as a radio group: the arrow keys move the choice.
      personal.focus();
      await user.keyboard('{ArrowDown}');
      expect(assistant).toBeChecked();
      await user.keyboard('{ArrowUp}');
      expect(personal).toBeChecked();
      await user.click(assistant);
      expect(assistant).toBeChecked();
      expect(personal).not.toBeChecked();
      expect(summary(dialog, 'Sending account')).toBe('AI assistant');

      await user.click(button(dialog, 'Launch Campaign'));
      await waitFor(() => expect(fake.callsTo(apiRoutes.campaigns.create)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.campaigns.create)[0]!.body).toMatchObject({
        goal: 'raise_funding',
        accountType: 'ai_assistant',
      });

      // A new wizard starts from the personal account again.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const next = await openWizard(user);
      await fillWizard(user, next);
      expect(within(next).getByRole('radio', { name: 'Personal account' })).toBeChecked();
    },
    SLOW,
  );
});

/** From the sources step on, with one choice each, to the review. */
async function fillWizardFromSources(user: User, dialog: HTMLElement) {
  await user.click(button(dialog, 'Inner CRM'));
  await user.click(continueButton(dialog));
  await user.click(button(dialog, 'Hunter.io'));
  await user.click(continueButton(dialog));
  await user.click(button(dialog, 'Phone'));
  await user.click(continueButton(dialog));
}
