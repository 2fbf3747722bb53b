import { startFakeServer, type FakeServer } from './fake-server';

/**
 * A stand-in for Google Sheets' CSV export on 127.0.0.1: GET
 * /spreadsheets/d/<id>/export?format=csv answers the sheet as text/csv, the way a sheet shared
 * with "anyone with the link" does; an unshared sheet answers an HTML sign-in page, as Google does.
 */

export interface FakeSheets extends FakeServer {
  addSheet(id: string, csv: string): void;
  /** The sheet answers Google's sign-in page instead of its CSV (not shared publicly). */
  addPrivateSheet(id: string): void;
}

export async function startFakeSheets(): Promise<FakeSheets> {
  const sheets = new Map<string, string | null>();
  const server = await startFakeServer(
    (request) => {
      const id = /^\/spreadsheets\/d\/([\w-]+)\/export$/.exec(request.path)?.[1];
      const sheet = id === undefined ? undefined : sheets.get(id);
      if (sheet === undefined || request.query.get('format') !== 'csv') {
        return { status: 404, body: null, raw: { contentType: 'text/html', text: '<html>Not Found</html>' } };
      }
      if (sheet === null) {
        return {
          status: 200,
          body: null,
          raw: { contentType: 'text/html; charset=utf-8', text: '<html><title>Sign in</title></html>' },
        };
      }
      return { status: 200, body: null, raw: { contentType: 'text/csv; charset=utf-8', text: sheet } };
    },
    () => null,
  );
  return {
    ...server,
    addSheet: (id, csv) => sheets.set(id, csv),
    addPrivateSheet: (id) => sheets.set(id, null),
  };
}
