import { describe, expect, it } from 'vitest';
import { LEAD_CSV_MAX_ROWS } from '@doppel/contracts';
import { CsvFormatError, guessLeadMapping, parseLeadCsv, readCsvHeaders } from './parse-lead-csv';

const mapping = { name: 'Name', company: 'Company', position: 'Title', email: 'Email', phone: 'Phone' };

describe('parseLeadCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks', () => {
    const csv = [
      'Name,Company,Title,Email,Phone',
      '"Chen, Maya","Northwind ""Ventures""",Partner,maya@example.com,+1 555 0100',
      '"Lukas\nBrandt",Spree,,,',
    ].join('\n');
    const parsed = parseLeadCsv(csv, mapping);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        name: 'Chen, Maya',
        company: 'Northwind "Ventures"',
        position: 'Partner',
        email: 'maya@example.com',
        phone: '+1 555 0100',
        linkedinUrl: null,
        language: null,
      },
      {
        name: 'Lukas\nBrandt',
        company: 'Spree',
        position: null,
        email: null,
        phone: null,
        linkedinUrl: null,
        language: null,
      },
    ]);
  });

  it('ignores a byte-order mark, trims cells and lower-cases emails', () => {
    const parsed = parseLeadCsv('\uFEFFName,Email\r\n  Ann Lee , Ann@Example.COM \r\n', {
      name: 'Name',
      email: 'Email',
    });
    expect(parsed.headers).toEqual(['Name', 'Email']);
    expect(parsed.rows).toEqual([
      expect.objectContaining({ name: 'Ann Lee', email: 'ann@example.com', company: null }),
    ]);
  });

  it('reports bad rows with their line and reason and keeps the good ones', () => {
    const csv = [
      'Name,Email',
      'Good One,good@example.com',
      ',nobody@example.com',
      'Bad Mail,not-an-email',
      `${'x'.repeat(201)},long@example.com`,
      'Good Two,',
    ].join('\n');
    const parsed = parseLeadCsv(csv, { name: 'Name', email: 'Email' });
    expect(parsed.rows.map((row) => row.name)).toEqual(['Good One', 'Good Two']);
    expect(parsed.rejected).toEqual([
      { row: 3, reason: 'Name is empty.', problem: 'empty', field: 'name' },
      {
        row: 4,
        reason: '"not-an-email" is not an email address.',
        problem: 'not_email',
        field: 'email',
        value: 'not-an-email',
      },
      { row: 5, reason: 'Name is longer than 200 characters.', problem: 'too_long', field: 'name' },
    ]);
  });

  it('reads short rows as blanks rather than failing the file', () => {
    const parsed = parseLeadCsv('Name,Company,Email\nAnn\n', {
      name: 'Name',
      company: 'Company',
      email: 'Email',
    });
    expect(parsed.rows).toEqual([expect.objectContaining({ name: 'Ann', company: null, email: null })]);
  });

  it('refuses a mapping to a column the file does not have', () => {
    expect(() => parseLeadCsv('Name,Email\nAnn,ann@example.com\n', { name: 'Name', phone: 'Phone' })).toThrow(
      new CsvFormatError('csv_column_missing', 'The file has no column "Phone".'),
    );
  });

  it('refuses a file it cannot read: unbalanced quotes, nothing in it, too many rows', () => {
    expect(() => parseLeadCsv('Name\n"Ann\n', { name: 'Name' })).toThrow(CsvFormatError);
    expect(() => parseLeadCsv('\n\n', { name: 'Name' })).toThrow(
      new CsvFormatError('file_empty', 'The file is empty.'),
    );
    const big = ['Name', ...Array.from({ length: LEAD_CSV_MAX_ROWS + 1 }, (_, index) => `P${index}`)].join(
      '\n',
    );
    expect(() => parseLeadCsv(big, { name: 'Name' })).toThrow(CsvFormatError);
    const limit = ['Name', ...Array.from({ length: LEAD_CSV_MAX_ROWS }, (_, index) => `P${index}`)].join(
      '\n',
    );
    expect(parseLeadCsv(limit, { name: 'Name' }).rows).toHaveLength(LEAD_CSV_MAX_ROWS);
  });

  it('ignores columns the mapping leaves out', () => {
    const parsed = parseLeadCsv('Name,Email,Secret\nAnn,ann@example.com,=cmd()\n', { name: 'Name' });
    expect(parsed.rows[0]).toMatchObject({ name: 'Ann', email: null });
  });
});

describe('readCsvHeaders and guessLeadMapping', () => {
  it('reads the trimmed header line only, past a byte-order mark', () => {
    expect(readCsvHeaders('\uFEFF Full Name ,E-mail,"Job Title"\n"broken')).toEqual([
      'Full Name',
      'E-mail',
      'Job Title',
    ]);
  });

  it('maps the usual column names in any case', () => {
    expect(
      guessLeadMapping([
        'Full Name',
        'Organization',
        'Job Title',
        'E-mail',
        'Mobile',
        'LinkedIn URL',
        'Lang',
      ]),
    ).toEqual({
      name: 'Full Name',
      company: 'Organization',
      position: 'Job Title',
      email: 'E-mail',
      phone: 'Mobile',
      linkedinUrl: 'LinkedIn URL',
      language: 'Lang',
    });
    expect(guessLeadMapping(['NAME', 'email'])).toEqual({ name: 'NAME', email: 'email' });
  });

  it('gives no mapping without a name column', () => {
    expect(guessLeadMapping(['Email', 'Company'])).toBeNull();
    expect(guessLeadMapping([])).toBeNull();
  });

  it('reports a bad row at its real line after blank lines and cells that span lines', () => {
    const csv = 'name,email\n"Ann\nLee",ann@example.com\n\n,nobody@example.com\nBob,not-an-email\n';
    const parsed = parseLeadCsv(csv, { name: 'name', email: 'email' });
    expect(parsed.rows.map((row) => row.name)).toEqual(['Ann\nLee']);
    expect(parsed.rejected).toEqual([
      { row: 5, reason: 'Name is empty.', problem: 'empty', field: 'name' },
      {
        row: 6,
        reason: '"not-an-email" is not an email address.',
        problem: 'not_email',
        field: 'email',
        value: 'not-an-email',
      },
    ]);
  });
});
