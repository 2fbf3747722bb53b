import {} from '@/test-support/fake-api';
import { LEAD_CSV_MAX_BYTES, routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { campaignDetailServer, makeLead } from '../../test-support/campaign-detail-server';
import { renderCampaignDetail } from '../../test-support/render-campaign-detail';

const CSV = [
  'Name,Email,Company,Job',
  'Ann Lee,ann@acme.example,Acme,CTO',
  ',nobody@acme.example,Acme,CEO',
  'Bob Stone,not-an-email,Stone Ltd,Founder',
  'Maya Chen,maya@northwind.example,Northwind,Partner',
].join('\n');

async function openImport(user: ReturnType<typeof renderCampaignDetail>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  return screen.findByRole('dialog', { name: 'Import leads from CSV' });
}

describe('Import leads from CSV', () => {
  it('maps the columns, imports, and reports imported, duplicate and rejected rows', async () => {
    const server = campaignDetailServer({
      leads: [makeLead({ name: 'Maya Chen', email: 'maya@northwind.example' })],
    });
    const { user, fake } = renderCampaignDetail(server, { search: '?tab=leads' });
    const dialog = await openImport(user);

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose a file first.')).toBeInTheDocument();

    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([CSV], 'investors.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // The server guessed the usual headers; 'Job' is left for the user.
    const name = await within(dialog).findByRole('combobox', { name: 'Name (required)' });
    expect(
      fake.callsTo(apiRoutes.campaigns.leadCsvHeaders, { id: server.state.campaign.id })[0]!.body,
    ).toEqual({ csv: CSV });
    expect(within(dialog).getByRole('group', { name: 'Columns of investors.csv' })).toBeInTheDocument();
    expect(name).toHaveValue('Name');
    expect(within(dialog).getByRole('combobox', { name: 'Email' })).toHaveValue('Email');
    expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveValue('Company');
    expect(within(dialog).getByRole('combobox', { name: 'Position' })).toHaveValue('');
    expect(
      within(name)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['— Not imported —', 'Name', 'Email', 'Company', 'Job']);

    await user.selectOptions(name, '— Not imported —');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose the column that holds the name.')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.campaigns.importLeads, { id: server.state.campaign.id })).toHaveLength(0);

    await user.selectOptions(name, 'Name');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Position' }), 'Job');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    await waitFor(() =>
      expect(fake.callsTo(apiRoutes.campaigns.importLeads, { id: server.state.campaign.id })).toHaveLength(1),
    );
    expect(fake.callsTo(apiRoutes.campaigns.importLeads, { id: server.state.campaign.id })[0]!.body).toEqual({
      csv: CSV,
      mapping: { name: 'Name', email: 'Email', company: 'Company', position: 'Job' },
    });

    const report = await within(dialog).findByRole('table', { name: 'Rejected rows' });
    const figures = within(dialog)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual(['Imported: 1', 'Already leads: 1', 'Rejected: 2']);
    expect(
      within(report)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['3Name is empty.', '4“not-an-email” is not an email address.']);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('rowheader', { name: /Ann Lee/ })).toBeInTheDocument();
  });

  it('refuses a file over the size cap without sending it', async () => {
    const server = campaignDetailServer();
    const { user, fake } = renderCampaignDetail(server, { search: '?tab=leads' });
    const dialog = await openImport(user);
    const big = new File(['name\nAnn'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: LEAD_CSV_MAX_BYTES + 1 });
    await user.upload(within(dialog).getByLabelText('CSV file'), big);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('The file is larger than 5 MB.')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.campaigns.leadCsvHeaders, { id: server.state.campaign.id })).toHaveLength(
      0,
    );
  });
});
