import { jobChangeCsvFields, type JobChangeCsvField } from '@doppel/contracts';

export type JobChangeMapping = Partial<Record<JobChangeCsvField, string>>;

/**
 * The header row of a CSV file: the first record, with quoted cells (commas, doubled quotes and
 * line breaks inside quotes) read the way the server's parser reads them. Blank leading lines
 * and a byte-order mark are skipped; empty header cells are left out.
 */
export function readCsvHeaders(csv: string): string[] {
  const text = csv.replace(/^\uFEFF/, '');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  // Leading blank lines are not the header.
  while (index < text.length && (text[index] === '\n' || text[index] === '\r')) index++;
  for (; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      break;
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  const headers = cells.map((header) => header.trim()).filter((header) => header !== '');
  return [...new Set(headers)];
}

/** Header spellings each field is recognised by — the server's own list, for the first guess. */
const HEADER_ALIASES: Record<JobChangeCsvField, readonly string[]> = {
  name: ['name', 'full name', 'fullname', 'person', 'contact'],
  oldCompany: ['old company', 'previous company', 'from company', 'from', 'old_company', 'oldcompany'],
  newCompany: ['new company', 'company', 'to company', 'to', 'new_company', 'newcompany', 'current company'],
  title: ['title', 'new title', 'job title', 'position', 'role'],
  date: ['date', 'start date', 'changed on', 'started', 'start'],
};

/** Which column each field most likely comes from, by its header's usual names. */
export function guessJobChangeMapping(headers: readonly string[]): JobChangeMapping {
  const mapping: JobChangeMapping = {};
  for (const field of jobChangeCsvFields) {
    const header = headers.find((candidate) =>
      HEADER_ALIASES[field].includes(candidate.trim().toLowerCase()),
    );
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}
