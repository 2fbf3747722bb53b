import { setOpenSettingsHandler } from '@/lib/open-settings';
import { routeKey } from '@/test-support/fake-api';
import { routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { campaignDetailServer, makeCampaign, makeLead } from '../../test-support/campaign-detail-server';
import { renderCampaignDetail } from '../../test-support/render-campaign-detail';

const maya = () =>
  makeLead({
    name: 'Maya Chen',
    company: 'Northwind Ventures',
    position: 'Partner',
    email: 'maya@northwind.example',
    source: 'csv_upload',
    matchScore: 80,
    status: 'contacted',
    lastContact: '2026-03-03T12:00:00.000Z',
  });
const omar = () =>
  makeLead({ name: 'Omar Haddad', company: 'Dune Angels', source: 'manual_input', matchScore: 35 });

function renderLeads(server: ReturnType<typeof campaignDetailServer>) {
  return renderCampaignDetail(server, { search: '?tab=leads' });
}

const table = () => screen.findByRole('table', { name: 'Leads of this campaign' });
const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

/** Opens Bulk Email for the selected leads, writes one and sends it. */
async function writeBulkEmail(user: ReturnType<typeof renderLeads>['user'], send: string) {
  await user.click(screen.getByRole('button', { name: 'Bulk Email' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Email' }));
  await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Hello');
  await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Hi {{name}');
  await user.click(dialog.getByRole('button', { name: send }));
  return dialog;
}

describe('Leads tab', () => {
  it('lists leads with name, position at company, email, source, match, last contact and status', async () => {
    renderLeads(campaignDetailServer({ leads: [maya(), omar()] }));
    const leads = await table();
    expect(
      within(leads)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      '',
      'Name',
      'Position',
      'Email',
      'Source',
      'Match',
      'Last contact',
      'Sequence',
      'Status',
      'Actions',
    ]);

    const cells = within(row('Maya Chen')).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '',
      'Partner at Northwind Ventures',
      'maya@northwind.example',
      '',
      '80%',
      expect.stringMatching(/^03\.03(\.2026)?$/),
      '—',
      expect.stringContaining('Contacted'),
      '',
    ]);
    expect(within(cells[3]!).getByRole('img', { name: 'CSV Upload' })).toBeInTheDocument();
    expect(within(row('Maya Chen')).getByRole('combobox', { name: 'Status of Maya Chen' })).toHaveValue(
      'contacted',
    );
    const omarCells = within(row('Omar Haddad')).getAllByRole('cell');
    expect(omarCells[1]).toHaveTextContent('Dune Angels');
    expect(omarCells[2]).toHaveTextContent('—');
    expect(within(omarCells[3]!).getByRole('img', { name: 'Manual Input' })).toBeInTheDocument();
    expect(omarCells[5]).toHaveTextContent('Never');
    expect(screen.getByText('Leads: 2')).toBeInTheDocument();
  });

  it('changes a lead’s status with a PATCH', async () => {
    const lead = maya();
    const server = campaignDetailServer({ leads: [lead] });
    const { user, fake } = renderLeads(server);
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Maya Chen' }), 'Qualified');
    const route = routeKey(apiRoutes.campaigns.updateLeadStatus, {
      id: server.state.campaign.id,
      leadId: lead.id,
    });
    await waitFor(() => expect(fake.callsTo(route)).toHaveLength(1));
    expect(fake.callsTo(route)[0]!.body).toEqual({ status: 'qualified' });
    expect(await screen.findByText('Status of Maya Chen changed')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status of Maya Chen' })).toHaveValue('qualified');
  });

  it('deletes a lead only after it is confirmed', async () => {
    const lead = maya();
    const server = campaignDetailServer({ leads: [lead, omar()] });
    const { user, fake } = renderLeads(server);
    await table();
    const route = routeKey(apiRoutes.campaigns.deleteLead, { id: server.state.campaign.id, leadId: lead.id });
    await user.click(within(row('Maya Chen')).getByRole('button', { name: 'Delete Maya Chen' }));
    const dialog = await screen
      .findByRole('alertdialog', { name: 'Delete Maya Chen?' })
      .catch(() => screen.findByRole('dialog', { name: 'Delete Maya Chen?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(fake.callsTo(route)).toHaveLength(0);

    await user.click(within(row('Maya Chen')).getByRole('button', { name: 'Delete Maya Chen' }));
    await user.click(await screen.findByRole('button', { name: 'Delete lead' }));
    await waitFor(() => expect(fake.callsTo(route)).toHaveLength(1));
    expect(await screen.findByText('Maya Chen deleted')).toBeInTheDocument();
  });

  it('shows an empty state whose buttons add a lead or import a file', async () => {
    const { user } = renderLeads(campaignDetailServer());
    expect(await screen.findByText('No leads yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add lead' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Import CSV' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Import leads from CSV' })).toBeInTheDocument();
  });

  it('adds a lead by hand, refusing a blank name and a bad email first', async () => {
    const server = campaignDetailServer();
    const { user, fake } = renderLeads(server);
    await screen.findByText('No leads yet');
    await user.click(screen.getAllByRole('button', { name: 'Add lead' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a lead' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo(apiRoutes.campaigns.createLead, { id: server.state.campaign.id })).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ann Lee');
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'Acme');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'ann@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));

    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.createLead, { id: server.state.campaign.id })).toHaveLength(1),
    );
    expect(fake.callsTo(apiRoutes.campaigns.createLead, { id: server.state.campaign.id })[0]!.body).toEqual({
      name: 'Ann Lee',
      company: 'Acme',
      position: null,
      email: 'ann@acme.example',
      phone: null,
      linkedinUrl: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('rowheader', { name: /Ann Lee/ })).toBeInTheDocument();
    expect(screen.getByText('Ann Lee added')).toBeInTheDocument();
  });

  it('says so when the lead is already in the campaign', async () => {
    const server = campaignDetailServer({ leads: [maya()] });
    const { user } = renderLeads(server);
    await table();
    await user.click(screen.getByRole('button', { name: 'Add lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a lead' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Maya C.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'maya@northwind.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This campaign already has a lead with this email',
    );
    expect(screen.getByRole('dialog', { name: 'Add a lead' })).toBeInTheDocument();
  });

  it('sends a bulk email to the selected leads and closes when none was left out', async () => {
    const withEmail = maya();
    const server = campaignDetailServer({ leads: [withEmail, omar(), makeLead({ name: 'Not chosen' })] });
    const { user, fake } = renderLeads(server);
    await table();
    expect(screen.getByRole('button', { name: 'Bulk Email' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select Maya Chen' }));
    expect(screen.getByText('Selected: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bulk Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Email' });
    expect(dialog).toHaveTextContent('selected: 1');
    expect(dialog).toHaveTextContent('{name}, {company} and {position} are replaced');
    expect(dialog).toHaveTextContent('Emails go out from your connected mailbox');

    await user.click(within(dialog).getByRole('button', { name: 'Send to 1' }));
    expect(await within(dialog).findByText('Enter a subject.')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.campaigns.bulkEmail, { id: server.state.campaign.id })).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Hello {{name}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hi {{name} at {{company}');
    await user.click(within(dialog).getByRole('button', { name: 'Send to 1' }));

    expect(await screen.findByText('Emails queued: 1.')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.campaigns.bulkEmail, { id: server.state.campaign.id })[0]!.body).toEqual({
      leadIds: [withEmail.id],
      subject: 'Hello {name}',
      body: 'Hi {name} at {company}',
    });
    expect(server.state.queuedEmails).toEqual([withEmail.id]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument();
  });

  it('lists the leads a bulk email left out, by reason', async () => {
    const queued = maya();
    const noEmail = omar();
    const noEmailToo = makeLead({ name: 'Lina Park' });
    const bounced = makeLead({ name: 'Bo Bounce', email: 'bo@gone.example', emailProblem: 'bounced' });
    const optedOut = makeLead({ name: 'Una Sub', email: 'una@example.com', emailProblem: 'unsubscribed' });
    const server = campaignDetailServer({ leads: [queued, noEmail, noEmailToo, bounced, optedOut] });
    const { user } = renderLeads(server);
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    const dialog = await writeBulkEmail(user, 'Send to 5');

    expect(await dialog.findByRole('status')).toHaveTextContent('Emails queued: 1.');
    const skipped = within(dialog.getByRole('region', { name: 'Left out: 4' }));
    const names = (group: string) =>
      within(skipped.getByRole('list', { name: group }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(names('No email address')).toEqual(['Omar Haddad', 'Lina Park']);
    expect(names('Earlier email bounced')).toEqual(['Bo Bounce']);
    expect(names('Unsubscribed')).toEqual(['Una Sub']);
    // The selection was sent: it is cleared, while the report stays until read.
    expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A new opening starts at the form again.
    await user.click(screen.getByRole('checkbox', { name: 'Select Maya Chen' }));
    await user.click(screen.getByRole('button', { name: 'Bulk Email' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Bulk Email' })).findByRole('textbox', {
        name: 'Subject',
      }),
    ).toHaveValue('');
  });

  it('says a bulk email needs a connected mailbox, with the way to Settings → Messengers', async () => {
    const opened: string[] = [];
    setOpenSettingsHandler((tab) => opened.push(tab));
    onTestFinished(() => setOpenSettingsHandler(null));
    const server = campaignDetailServer({ leads: [maya()], mailbox: false });
    const { user } = renderLeads(server);
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select Maya Chen' }));
    const dialog = await writeBulkEmail(user, 'Send to 1');

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Connect your mailbox in Settings → Messengers → Email, with sending allowed, to send email.',
    );
    // Said in the dialog, not in a toast as well; what was typed stays.
    expect(screen.queryByText('The emails could not be sent.')).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello');
    expect(screen.getByText('Selected: 1')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Open Settings → Messengers' }));
    expect(opened).toEqual(['messengers']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk Email' })).not.toBeInTheDocument());
  });

  it('marks a lead whose address bounced or unsubscribed', async () => {
    renderLeads(
      campaignDetailServer({
        leads: [
          maya(),
          makeLead({ name: 'Bo Bounce', email: 'bo@gone.example', emailProblem: 'bounced' }),
          makeLead({ name: 'Una Sub', email: 'una@example.com', emailProblem: 'unsubscribed' }),
        ],
      }),
    );
    await table();
    const emailCell = (name: string) => within(row(name)).getAllByRole('cell')[2]!;
    expect(emailCell('Bo Bounce')).toHaveTextContent('bo@gone.exampleBounced');
    expect(within(emailCell('Bo Bounce')).getByText('Bounced')).toHaveAttribute(
      'title',
      'Email to this address came back; Bulk Email leaves it out.',
    );
    expect(emailCell('Una Sub')).toHaveTextContent('una@example.comUnsubscribed');
    expect(emailCell('Maya Chen')).toHaveTextContent(/^maya@northwind\.example$/);
  });

  it('selects every lead on the page with one checkbox', async () => {
    const { user } = renderLeads(campaignDetailServer({ leads: [maya(), omar()] }));
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Maya Chen' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Omar Haddad' })).toBeChecked();
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
  });

  it('downloads the call list through an authorised fetch', async () => {
    // jsdom has no object URLs; the browser's are stood in for, and removed again after.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:call-list');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const server = campaignDetailServer({ leads: [maya()] });
    const { user, fake } = renderLeads(server);
    await table();
    await user.click(screen.getByRole('button', { name: 'Call List' }));

    await waitFor(() => expect(clicks).toEqual(['Seed Round Investors - call list.csv']));
    const [call] = fake.callsTo(apiRoutes.campaigns.callList, { id: server.state.campaign.id });
    expect(call!.headers.get('authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('Maya Chen,Northwind Ventures');
    expect(await screen.findByText('Call list downloaded')).toBeInTheDocument();
  });

  it('marks every simulated enrichment value, and explains it', async () => {
    const lead = makeLead({
      name: 'Sofia Ramos',
      enrichment: {
        phone: { value: '+1 555 0142', provider: 'Lusha', simulated: true },
        company_size: { value: '51-200', provider: 'Hunter.io', simulated: false },
      },
    });
    const { user } = renderLeads(campaignDetailServer({ leads: [lead] }));
    await table();
    const sofia = row('Sofia Ramos');
    expect(within(sofia).getByText('Simulated')).toBeInTheDocument();

    const toggle = within(sofia).getByRole('button', { name: 'Enrichment of Sofia Ramos' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('region', { name: 'Enrichment of Sofia Ramos' });
    expect(within(details).getByText(/never used to contact anyone/)).toBeInTheDocument();

    const phone = within(details).getByText('Phone number', { selector: 'dt' }).parentElement!;
    expect(phone).toHaveTextContent('+1 555 0142');
    expect(within(phone).getByText('Simulated')).toHaveAccessibleDescription(
      /made up by a stand-in provider/,
    );
    expect(phone).toHaveTextContent('From Lusha');
    const size = within(details).getByText('Company size', { selector: 'dt' }).parentElement!;
    expect(size).toHaveTextContent('51-200');
    expect(within(size).queryByText('Simulated')).not.toBeInTheDocument();
  });

  it('takes no new leads or emails once the campaign has ended', async () => {
    renderLeads(campaignDetailServer({ campaign: makeCampaign({ status: 'cancelled' }), leads: [maya()] }));
    await table();
    expect(screen.getByText(/This campaign has ended/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add lead' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Call List' })).toBeEnabled();
  });

  it('filters by status and search', async () => {
    const server = campaignDetailServer({ leads: [maya(), omar()] });
    const { user, fake } = renderLeads(server);
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Contacted');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Omar/ })).not.toBeInTheDocument());
    expect(
      fake.callsTo(apiRoutes.campaigns.leads, { id: server.state.campaign.id }).at(-1)!.query.get('status'),
    ).toBe('contacted');

    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'zzz');
    expect(await screen.findByText('No leads match this search or filter.')).toBeInTheDocument();
    expect(
      fake.callsTo(apiRoutes.campaigns.leads, { id: server.state.campaign.id }).at(-1)!.query.get('search'),
    ).toBe('zzz');
  });
});

describe('Leads tab: pages', () => {
  const many = (count: number) => Array.from({ length: count }, (_, n) => makeLead({ name: `Person ${n + 1}` }));
  const pages = () => within(screen.getByRole('navigation', { name: 'Pages of leads' }));

  it('goes forward by the cursor of the page before and back again, with the first page’s total', async () => {
    const server = campaignDetailServer({ leads: many(60) });
    const { user, fake } = renderLeads(server);
    await table();
    expect(screen.getByText('Leads: 60')).toBeInTheDocument();
    expect(pages().getByText('Page 1 of 2')).toBeInTheDocument();
    expect(pages().getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(pages().getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: /Person 51\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /Person 50\b/ })).not.toBeInTheDocument();
    const calls = fake.callsTo(apiRoutes.campaigns.leads, { id: server.state.campaign.id });
    expect(calls.at(-1)!.query.get('cursor')).toBe(server.state.leads[49]!.id);
    expect(calls.every((call) => !call.query.has('page'))).toBe(true);
    // Later pages are not counted again: the total stays the first page's.
    expect(screen.getByText('Leads: 60')).toBeInTheDocument();
    expect(pages().getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pages().getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(pages().getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('rowheader', { name: /Person 1\b/ })).toBeInTheDocument();
    expect(pages().getByText('Page 1 of 2')).toBeInTheDocument();

    // A new search starts again from the first page.
    await user.click(pages().getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: /Person 51\b/ })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), '5');
    expect(await screen.findByText('Leads: 15')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /Person 5\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of leads' })).not.toBeInTheDocument();
  }, 40_000);

  it('says “more than 10,000” when the count stopped at its cap', async () => {
    renderLeads(campaignDetailServer({ leads: many(10_001) }));
    await table();
    expect(screen.getByText('Leads: more than 10,000')).toBeInTheDocument();
    expect(pages().getByText('Page 1 of more than 200')).toBeInTheDocument();
    expect(pages().getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

/** Leads at each point of the sequence, one of them held below the quality threshold. */
const sequenceLeads = () =>
  [
    {
      ...maya(),
      sequence: { step: 2, state: 'waiting', nextAt: '2026-03-06T12:00:00.000Z', stopReason: null },
    },
    makeLead({
      name: 'Omar Haddad',
      company: 'Dune Angels',
      position: 'Angel investor',
      email: 'omar@dune.example',
      source: 'manual_input',
      matchScore: 35,
      dataQuality: 40,
      held: true,
    }),
    makeLead({
      name: 'Lina Park',
      sequence: { step: 1, state: 'awaiting_approval', nextAt: null, stopReason: null },
    }),
    makeLead({ name: 'Finn Ode', sequence: { step: 3, state: 'finished', nextAt: null, stopReason: null } }),
    makeLead({
      name: 'Rae Lyle',
      status: 'responded',
      sequence: { step: 1, state: 'stopped', nextAt: null, stopReason: 'replied' },
    }),
    makeLead({
      name: 'Cam Ended',
      sequence: { step: 2, state: 'stopped', nextAt: null, stopReason: 'campaign_ended' },
    }),
  ] satisfies ReturnType<typeof makeLead>[];

describe('Leads tab: held leads and the sequence', () => {
  it('marks a held lead and shows where each lead is in the sequence, in the table', async () => {
    renderLeads(campaignDetailServer({ leads: sequenceLeads() }));
    await table();
    const sequenceCell = (name: string) => within(row(name)).getAllByRole('cell')[6];
    expect(sequenceCell('Maya Chen')).toHaveTextContent(/^Follow-up 2 on 06\.03(\.2026)?$/);
    expect(sequenceCell('Lina Park')).toHaveTextContent('Follow-up 1 awaiting your approval');
    expect(sequenceCell('Finn Ode')).toHaveTextContent('Sequence finished');
    expect(sequenceCell('Rae Lyle')).toHaveTextContent('Stopped: replied');
    expect(sequenceCell('Cam Ended')).toHaveTextContent('Stopped: campaign ended');
    expect(sequenceCell('Omar Haddad')).toHaveTextContent('—');

    const held = within(screen.getByRole('rowheader', { name: /Omar Haddad/ })).getByText('Held');
    expect(held).toHaveAccessibleDescription(
      "Its data quality (40%) is below the campaign's data-quality threshold: held back from outreach.",
    );
    expect(
      within(screen.getByRole('rowheader', { name: /Maya Chen/ })).queryByText('Held'),
    ).not.toBeInTheDocument();
  });

  it('lists the leads as cards on a phone, with every detail and action of the table', async () => {
    const server = campaignDetailServer({ leads: sequenceLeads() });
    const { user, fake } = renderCampaignDetail(server, { search: '?tab=leads', width: 390 });
    const list = await screen.findByRole('list', { name: 'Leads of this campaign' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = (name: string) => within(list).getByRole('article', { name });
    expect(within(list).getAllByRole('article')).toHaveLength(6);

    const mayaCard = card('Maya Chen');
    expect(within(mayaCard).getByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(mayaCard).toHaveTextContent('Partner at Northwind Ventures');
    expect(mayaCard).toHaveTextContent('maya@northwind.example');
    const detail = (scope: HTMLElement, label: string) =>
      within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(detail(mayaCard, 'Source')).toBe('CSV Upload');
    expect(detail(mayaCard, 'Match')).toBe('80%');
    expect(detail(mayaCard, 'Last contact')).toMatch(/^03\.03(\.2026)?$/);
    expect(detail(mayaCard, 'Sequence')).toMatch(/^Follow-up 2 on 06\.03(\.2026)?$/);
    expect(within(mayaCard).getByRole('combobox', { name: 'Status of Maya Chen' })).toHaveValue('contacted');
    expect(detail(card('Lina Park'), 'Sequence')).toBe('Follow-up 1 awaiting your approval');
    expect(detail(card('Finn Ode'), 'Sequence')).toBe('Sequence finished');
    expect(detail(card('Rae Lyle'), 'Sequence')).toBe('Stopped: replied');
    expect(detail(card('Omar Haddad'), 'Last contact')).toBe('Never');

    const omar = card('Omar Haddad');
    expect(within(omar).getByText('Held')).toHaveAccessibleDescription(
      "Its data quality (40%) is below the campaign's data-quality threshold: held back from outreach.",
    );
    expect(within(mayaCard).queryByText('Held')).not.toBeInTheDocument();

    // The table's actions: selection, status and delete.
    await user.click(within(mayaCard).getByRole('checkbox', { name: 'Select Maya Chen' }));
    expect(screen.getByText('Selected: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    expect(screen.getByText('Selected: 6')).toBeInTheDocument();
    await user.selectOptions(
      within(omar).getByRole('combobox', { name: 'Status of Omar Haddad' }),
      'Qualified',
    );
    const route = routeKey(apiRoutes.campaigns.updateLeadStatus, {
      id: server.state.campaign.id,
      leadId: server.state.leads[1]!.id,
    });
    await waitFor(() => expect(fake.callsTo(route)).toHaveLength(1));
    expect(within(omar).getByRole('button', { name: 'Delete Omar Haddad' })).toBeInTheDocument();
  });

  it('opens a card’s enrichment on a phone', async () => {
    const lead = makeLead({
      name: 'Sofia Ramos',
      enrichment: { phone: { value: '+1 555 0142', provider: 'Lusha', simulated: false } },
    });
    const { user } = renderCampaignDetail(campaignDetailServer({ leads: [lead] }), {
      search: '?tab=leads',
      width: 390,
    });
    const card = await screen.findByRole('article', { name: 'Sofia Ramos' });
    const toggle = within(card).getByRole('button', { name: 'Enrichment of Sofia Ramos' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByRole('region', { name: 'Enrichment of Sofia Ramos' })).toHaveTextContent(
      '+1 555 0142',
    );
  });
});
