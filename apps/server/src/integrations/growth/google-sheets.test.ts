import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../lib/public-only-fetch';
import { startFakeSheets, type FakeSheets } from '../../test-support/fake-growth/sheets';
import { anyAddress } from '../web/fetch-page';
import { fetchSheetCsv, sheetCsvUrl, SheetError } from './google-sheets';

describe('Google Sheets links', () => {
  it('turns share and edit links into the CSV export address, keeping the tab', () => {
    expect(sheetCsvUrl('https://docs.google.com/spreadsheets/d/1AbC_d-9/edit?usp=sharing')).toBe(
      'https://docs.google.com/spreadsheets/d/1AbC_d-9/export?format=csv',
    );
    expect(sheetCsvUrl('https://docs.google.com/spreadsheets/d/1AbC/edit#gid=42')).toBe(
      'https://docs.google.com/spreadsheets/d/1AbC/export?format=csv&gid=42',
    );
    expect(sheetCsvUrl('https://docs.google.com/spreadsheets/d/1AbC')).toBe(
      'https://docs.google.com/spreadsheets/d/1AbC/export?format=csv',
    );
  });

  it('leaves export, published and other addresses as they are', () => {
    const exported = 'https://docs.google.com/spreadsheets/d/1AbC/export?format=csv&gid=0';
    expect(sheetCsvUrl(exported)).toBe(exported);
    const published = 'https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?output=csv';
    expect(sheetCsvUrl(published)).toBe(published);
    expect(sheetCsvUrl('https://example.com/leads.csv')).toBe('https://example.com/leads.csv');
  });
});

describe('reading a sheet', () => {
  let fake: FakeSheets;
  beforeAll(async () => {
    fake = await startFakeSheets();
    fake.addSheet('open', 'Name,Company\nAnn Lee,Acme\n');
    fake.addSheet('nul', 'Name,Company\nAnn\u0000 Lee,Acme \ud83d\n');
    fake.addPrivateSheet('closed');
  });
  afterAll(() => fake.close());
  const options = { allowAddress: anyAddress, maxBytes: 1024 };

  it('reads a shared sheet’s CSV', async () => {
    await expect(
      fetchSheetCsv(`${fake.baseUrl}/spreadsheets/d/open/export?format=csv`, options),
    ).resolves.toBe('Name,Company\nAnn Lee,Acme\n');
  });

  it('reads a sheet with NUL or half an emoji in a cell as storable text (decision 028)', async () => {
    await expect(
      fetchSheetCsv(`${fake.baseUrl}/spreadsheets/d/nul/export?format=csv`, options),
    ).resolves.toBe('Name,Company\nAnn Lee,Acme \uFFFD\n');
  });

  it('explains a sheet that is not shared (Google answers a sign-in page)', async () => {
    const error = await fetchSheetCsv(
      `${fake.baseUrl}/spreadsheets/d/closed/export?format=csv`,
      options,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SheetError);
    expect((error as Error).message).toContain('Anyone with the link');
    expect((error as SheetError).problem).toBe('sheet_not_shared');
  });

  it('codes a link that is not one, and a sheet that is not there', async () => {
    const invalid = await fetchSheetCsv('not a link', options).catch((caught: unknown) => caught);
    expect(invalid).toMatchObject({
      problem: 'sheet_invalid_link',
      message: 'The Google Sheets address is not a valid link.',
    });
    const missing = await fetchSheetCsv(
      `${fake.baseUrl}/spreadsheets/d/nowhere/export?format=csv`,
      options,
    ).catch((caught: unknown) => caught);
    expect(missing).toMatchObject({
      problem: 'sheet_unreadable',
      message: 'The sheet could not be read: The page answered with HTTP 404.',
    });
  });

  it('refuses local addresses unless the server allows them, and caps the size', async () => {
    const local = await fetchSheetCsv(`${fake.baseUrl}/spreadsheets/d/open/export?format=csv`, {
      ...options,
      allowAddress: isPublicAddress,
    }).catch((caught: unknown) => caught);
    expect((local as Error).message).toBe(
      'The sheet could not be read: This address is on a private or local network; only public web pages can be added.',
    );
    expect((local as SheetError).problem).toBe('sheet_address_refused');
    fake.addSheet('big', `Name\n${'x'.repeat(2048)}\n`);
    const big = await fetchSheetCsv(`${fake.baseUrl}/spreadsheets/d/big/export?format=csv`, options).catch(
      (caught: unknown) => caught,
    );
    expect(big).toBeInstanceOf(SheetError);
    expect((big as SheetError).problem).toBe('sheet_too_large');
    expect(fake.requests.filter((request) => request.path.endsWith('/open/export'))).toHaveLength(1);
  });
});
