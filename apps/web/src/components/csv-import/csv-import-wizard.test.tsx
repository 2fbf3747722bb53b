import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CsvImportReport } from './csv-import-report';
import { CsvImportWizard, type CsvImportStep } from './csv-import-wizard';

interface Report {
  imported: number;
  rejected: Array<{ row: number; reason: string }>;
}

const TEXTS = {
  file: 'CSV file',
  fileHint: 'At most 1 MB',
  next: 'Next',
  cancel: 'Cancel',
  mapLegend: (file: string) => `Columns of ${file}`,
  requiredField: (label: string) => `${label} (required)`,
  notImported: 'Not imported',
  noHeaders: 'No headers',
  back: 'Back',
  submit: 'Import',
};

const RULES = z
  .object({ name: z.string().min(1, 'nameColumnRequired'), company: z.string().optional() })
  .strict();

function renderWizard(onImport: (csv: string, mapping: z.infer<typeof RULES>) => Promise<Report>) {
  const steps: CsvImportStep[] = [];
  const user = userEvent.setup();
  render(
    <CsvImportWizard
      texts={TEXTS}
      messages="leadImport"
      messageValues={{ max: 1 }}
      maxBytes={1024 * 1024}
      readColumns={(csv) =>
        Promise.resolve({ headers: csv.split('\n')[0]!.split(','), mapping: { company: 'Org' } })
      }
      fields={[
        { name: 'name', label: 'Name', required: true },
        { name: 'company', label: 'Company' },
      ]}
      rules={RULES}
      importing={false}
      onImport={onImport}
      report={(report, again) => (
        <CsvImportReport
          summary={`${report.imported} imported`}
          figures={[
            { label: 'Imported', value: report.imported },
            { label: 'Rejected', value: report.rejected.length },
          ]}
          rejected={report.rejected}
          texts={{ rejectedCaption: 'Rejected rows', line: 'Line', reason: 'Reason' }}
          actions={<Button onClick={again}>Another file</Button>}
        />
      )}
      onCancel={() => {}}
      onStepChange={(step) => steps.push(step)}
    />,
  );
  return { user, steps };
}

describe('the CSV import wizard', () => {
  it('asks for a file first, in the form’s own words', async () => {
    const { user } = renderWizard(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a file first.');
    expect(screen.getByLabelText('CSV file')).toHaveAccessibleDescription('Choose a file first.');
  });

  it('maps the columns (a required one must be chosen), sends only the chosen ones and shows the report', async () => {
    const onImport = vi.fn(() =>
      Promise.resolve({ imported: 1, rejected: [{ row: 3, reason: 'No name' }] } satisfies Report),
    );
    const { user, steps } = renderWizard(onImport);

    const csv = new File(['Full name,Org,Notes\nAda,Acme,x\n'], 'people.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), csv);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const columns = await screen.findByRole('group', { name: 'Columns of people.csv' });
    const name = within(columns).getByRole('combobox', { name: 'Name (required)' });
    const company = within(columns).getByRole('combobox', { name: 'Company' });
    // The guess is prefilled; the required field without one says so on import.
    expect(company).toHaveValue('Org');
    expect(name).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(name).toHaveAccessibleDescription('Choose the column that holds the name.');
    expect(onImport).not.toHaveBeenCalled();

    await user.selectOptions(name, 'Full name');
    expect(name).not.toHaveAccessibleDescription();
    await user.selectOptions(company, 'Not imported');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(onImport).toHaveBeenCalledWith('Full name,Org,Notes\nAda,Acme,x\n', { name: 'Full name' });
    expect(await screen.findByRole('status')).toHaveTextContent('1 imported');
    const rejected = screen.getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByRole('row', { name: '3 No name' })).toBeInTheDocument();
    expect(steps).toEqual(['map', 'report']);

    await user.click(screen.getByRole('button', { name: 'Another file' }));
    expect(screen.getByLabelText('CSV file')).toBeInTheDocument();
    expect(steps).toEqual(['map', 'report', 'choose']);
  });
});
