import { describe, expect, it } from 'vitest';
import { guessJobChangeMapping, readCsvHeaders } from './job-change-csv';

describe('readCsvHeaders', () => {
  it('reads the first line’s cells, trimmed, with quoted commas and doubled quotes', () => {
    expect(readCsvHeaders('name, "old, company" ,"say ""hi""",date\nAnn,A,B,2025-01-01')).toEqual([
      'name',
      'old, company',
      'say "hi"',
      'date',
    ]);
  });

  it('skips a byte-order mark and blank leading lines, and handles CRLF', () => {
    expect(readCsvHeaders('\uFEFF\r\n\r\nName,New company\r\nAnn,Acme')).toEqual(['Name', 'New company']);
  });

  it('keeps a quoted header that spans lines, and leaves out empty and repeated cells', () => {
    expect(readCsvHeaders('"full\nname",,title,title\nx')).toEqual(['full\nname', 'title']);
  });

  it('gives nothing for an empty file', () => {
    expect(readCsvHeaders('')).toEqual([]);
  });
});

describe('guessJobChangeMapping', () => {
  it('recognises the usual header names in any case, as the server does', () => {
    expect(
      guessJobChangeMapping(['Full Name', 'Previous Company', 'Company', 'Job Title', 'Start date']),
    ).toEqual({
      name: 'Full Name',
      oldCompany: 'Previous Company',
      newCompany: 'Company',
      title: 'Job Title',
      date: 'Start date',
    });
  });

  it('leaves unknown columns unmapped', () => {
    expect(guessJobChangeMapping(['Person', 'Employer'])).toEqual({ name: 'Person' });
  });
});
