import { routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeItem, signalsServer } from '../test-support/signals-server';
import { SignalsPage } from './signals-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

function renderSignals(routes: ServerRoutes) {
  return renderWithProviders(
    <>
      <Route path="/signals" element={<SignalsPage />} />
      <Route path="/actions" element={<p>Assistant page</p>} />
    </>,
    { path: '/signals', server: routes },
  );
}

type User = ReturnType<typeof renderSignals>['user'];

async function openJobChanges(user: User, button: 'Add by hand' | 'Import CSV') {
  const section = await screen.findByRole('region', { name: 'Job changes' });
  await user.click(within(section).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: 'Job changes' });
}

const CSV = [
  'Full name,Previous company,Company,Role,Changed',
  'Ann Lee,Globex,Acme,CTO,2026-02-01',
  ',Initech,Hooli,CEO,2026-02-02',
  'Bob Stone,Stone Ltd,Northwind,Founder,01/02/2026',
  'Maya Chen,Umbrella,Northwind,Partner,2026-02-03',
].join('\n');

describe('Job changes', () => {
  it(
    'lists the recent job changes with links to their tasks',
    async () => {
      const { routes } = signalsServer([], {
        jobChanges: [
          makeItem({ kind: 'job_change', title: 'Ann Lee moved to Acme', taskId: 'task-7' }),
          makeItem({ kind: 'job_change', title: 'Old change', taskId: null }),
        ],
      });
      renderSignals(routes);
      const list = await screen.findByRole('list', { name: 'Recent job changes' });
      const rows = within(list).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).getByText('Ann Lee moved to Acme')).toBeInTheDocument();
      expect(
        within(rows[0]!).getByRole('link', { name: 'Open task: Ann Lee moved to Acme' }),
      ).toHaveAttribute('href', '/actions?task=task-7');
      expect(within(rows[1]!).getByText('No task: it did not match')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'records one by hand: required fields checked, the POST body, the task link, and a duplicate said so',
    async () => {
      const { routes } = signalsServer([]);
      const { user, fake, location } = renderSignals(routes);
      const dialog = await openJobChanges(user, 'Add by hand');
      expect(within(dialog).getByRole('tab', { name: 'By hand' })).toHaveAttribute('aria-selected', 'true');

      await user.click(within(dialog).getByRole('button', { name: 'Record' }));
      expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter the new company.')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.signals.recordJobChange)).toHaveLength(0);

      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Ann Lee ');
      await user.type(within(dialog).getByRole('textbox', { name: 'Old company (optional)' }), 'Globex');
      await user.type(within(dialog).getByRole('textbox', { name: 'New company' }), 'Acme');
      await user.type(within(dialog).getByRole('textbox', { name: 'Title (optional)' }), 'CTO');
      await user.type(within(dialog).getByLabelText('Date (optional)'), '2026-02-01');
      await user.click(within(dialog).getByRole('button', { name: 'Record' }));

      await waitFor(() => expect(fake.callsTo(apiRoutes.signals.recordJobChange)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.signals.recordJobChange)[0]!.body).toEqual({
        name: 'Ann Lee',
        oldCompany: 'Globex',
        newCompany: 'Acme',
        title: 'CTO',
        date: '2026-02-01',
      });
      expect(
        await within(dialog).findByText('Recorded: a task to congratulate Ann Lee is in the Assistant.'),
      ).toBeInTheDocument();
      const openTask = within(dialog).getByRole('link', { name: 'Open task' });
      expect(openTask.getAttribute('href')).toMatch(/^\/actions\?task=.+/);
      // The new change shows in the list (behind the dialog) without a reload, with the same task.
      const recent = await screen.findByRole('list', { name: 'Recent job changes', hidden: true });
      const listed = await within(recent).findByRole('link', {
        name: 'Open task: Ann Lee moved to Acme',
        hidden: true,
      });
      expect(listed).toHaveAttribute('href', openTask.getAttribute('href'));

      await user.click(within(dialog).getByRole('button', { name: 'Add another' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'ann lee');
      await user.type(within(dialog).getByRole('textbox', { name: 'New company' }), 'ACME');
      await user.type(within(dialog).getByLabelText('Date (optional)'), '2026-02-01');
      await user.click(within(dialog).getByRole('button', { name: 'Record' }));
      expect(
        await within(dialog).findByText(
          'This change of ann lee was already recorded; no second task was made.',
        ),
      ).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.signals.recordJobChange)[1]!.body).toEqual({
        name: 'ann lee',
        oldCompany: null,
        newCompany: 'ACME',
        title: null,
        date: '2026-02-01',
      });

      await user.click(within(dialog).getByRole('link', { name: 'Open task' }));
      expect(location().pathname).toBe('/actions');
    },
    SLOW,
  );

  it(
    'shows a refusal of the server in a toast and keeps what was typed',
    async () => {
      const { routes } = signalsServer([]);
      const { user } = renderSignals({
        ...routes,
        ...fakeRoute(apiRoutes.signals.recordJobChange, errorReply(503, 'internal')),
      });
      const dialog = await openJobChanges(user, 'Add by hand');
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ann Lee');
      await user.type(within(dialog).getByRole('textbox', { name: 'New company' }), 'Acme');
      await user.click(within(dialog).getByRole('button', { name: 'Record' }));
      expect(await screen.findByText('The job change could not be recorded.')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Ann Lee');
    },
    SLOW,
  );

  it(
    'imports a CSV: maps the columns, sends them, and reports rejected rows by line',
    async () => {
      const { routes } = signalsServer([]);
      const { user, fake } = renderSignals(routes);
      const dialog = await openJobChanges(user, 'Import CSV');
      expect(within(dialog).getByRole('tab', { name: 'From CSV' })).toHaveAttribute('aria-selected', 'true');

      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByText('Choose a file first.')).toBeInTheDocument();

      await user.upload(
        within(dialog).getByLabelText('CSV file'),
        new File([CSV], 'moves.csv', { type: 'text/csv' }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      // Read from the file's first line and guessed from the usual names.
      const name = await within(dialog).findByRole('combobox', { name: 'Name (required)' });
      expect(within(dialog).getByRole('group', { name: 'Columns of moves.csv' })).toBeInTheDocument();
      expect(name).toHaveValue('Full name');
      expect(within(dialog).getByRole('combobox', { name: 'Old company' })).toHaveValue('Previous company');
      expect(within(dialog).getByRole('combobox', { name: 'New company (required)' })).toHaveValue('Company');
      expect(within(dialog).getByRole('combobox', { name: 'Title' })).toHaveValue('Role');
      expect(within(dialog).getByRole('combobox', { name: 'Date' })).toHaveValue('');
      expect(
        within(name)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['— Not imported —', 'Full name', 'Previous company', 'Company', 'Role', 'Changed']);

      await user.selectOptions(name, '— Not imported —');
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(await within(dialog).findByText('Choose the column that holds the name.')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.signals.importJobChanges)).toHaveLength(0);

      await user.selectOptions(name, 'Full name');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Date' }), 'Changed');
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));

      await waitFor(() => expect(fake.callsTo(apiRoutes.signals.importJobChanges)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.signals.importJobChanges)[0]!.body).toEqual({
        csv: CSV,
        mapping: {
          name: 'Full name',
          oldCompany: 'Previous company',
          newCompany: 'Company',
          title: 'Role',
          date: 'Changed',
        },
      });

      const report = await within(dialog).findByRole('table', { name: 'Rejected rows' });
      expect(within(dialog).getByText('Tasks made: 2', { selector: 'p' })).toBeInTheDocument();
      const figures = within(dialog)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
      expect(figures).toEqual(['Tasks made: 2', 'Already recorded: 0', 'Rejected: 2']);
      expect(
        within(report)
          .getAllByRole('row')
          .slice(1)
          .map((row) =>
            within(row)
              .getAllByRole('cell')
              .map((cell) => cell.textContent),
          ),
      ).toEqual([
        ['3', 'Name is empty.'],
        ['4', '“01/02/2026” is not a date (use YYYY-MM-DD).'],
      ]);

      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const recent = await screen.findByRole('list', { name: 'Recent job changes' });
      expect(await within(recent).findByText('Maya Chen moved to Northwind')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'refuses an empty file before sending it, and says when the first line has no headers',
    async () => {
      const { routes } = signalsServer([]);
      const { user, fake } = renderSignals(routes);
      const dialog = await openJobChanges(user, 'Import CSV');
      const file = within(dialog).getByLabelText('CSV file');
      await user.upload(file, new File(['  \n'], 'empty.csv', { type: 'text/csv' }));
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByText('The file is empty.')).toBeInTheDocument();

      await user.upload(file, new File([',,\nAnn,Acme'], 'blank.csv', { type: 'text/csv' }));
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(
        await within(dialog).findByText('The file’s first line has no column names.'),
      ).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.signals.importJobChanges)).toHaveLength(0);
    },
    SLOW,
  );
});
