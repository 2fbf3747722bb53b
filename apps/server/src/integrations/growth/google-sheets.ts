import type { CampaignRunProblem } from '@doppel/contracts';
import { fetchPage, PageFetchError, pageText } from '../web/fetch-page';
import type { PublicFetchFailure } from '../web/fetch-public';
import type { AddressPolicy } from '../../lib/public-only-fetch';
import { storableText } from '../../lib/text';

/*
 * Google Sheets as a lead source: the sheet's CSV export, which Google serves to anyone with
 * the link once the sheet is shared that way — no API key. The address is the user's, so it is
 * fetched like any page a user names: http/https only, public addresses only
 * (checked after DNS and on every redirect hop — Google redirects the export to
 * googleusercontent.com), a time cap and a size cap.
 */

export const SHEET_TIMEOUT_MS = 15_000;

/** What went wrong with a sheet, as the run note's code (contracts: campaignRunProblems). */
export type SheetProblem = Extract<
  CampaignRunProblem,
  | 'sheet_invalid_link'
  | 'sheet_address_refused'
  | 'sheet_too_large'
  | 'sheet_unreadable'
  | 'sheet_not_shared'
  | 'timeout'
  | 'unreachable'
>;

/**
 * Why a sheet could not be read: `problem` for the web app to word in the user's language, the
 * message in English for API clients.
 */
export class SheetError extends Error {
  override name = 'SheetError';
  constructor(
    readonly problem: SheetProblem,
    message: string,
  ) {
    super(message);
  }
}

const FETCH_PROBLEM: Record<PublicFetchFailure, SheetProblem> = {
  refused: 'sheet_address_refused',
  too_large: 'sheet_too_large',
  timeout: 'timeout',
  unreachable: 'unreachable',
  http_status: 'sheet_unreadable',
  redirects: 'sheet_unreadable',
};

/**
 * The CSV export address of a Google Sheets link: a share or edit link
 * (docs.google.com/spreadsheets/d/<id>/edit#gid=<tab>) becomes /d/<id>/export?format=csv with
 * the tab; a link that already exports or is published (pub?output=csv), or any other address,
 * is used as it is.
 */
export function sheetCsvUrl(address: string): string {
  const url = new URL(address);
  const match = /^\/spreadsheets\/d\/([\w-]+)(?:\/(edit|view|htmlview|copy|preview)?)?\/?$/.exec(
    url.pathname,
  );
  if (url.hostname !== 'docs.google.com' || !match) return url.href;
  const gid = /(?:^|[#&?])gid=(\d+)/.exec(`${url.hash}&${url.search}`)?.[1];
  const exported = new URL(`/spreadsheets/d/${match[1]}/export`, url.origin);
  exported.searchParams.set('format', 'csv');
  if (gid) exported.searchParams.set('gid', gid);
  return exported.href;
}

/** The sheet's rows as CSV text. Throws SheetError. */
export async function fetchSheetCsv(
  address: string,
  options: { allowAddress: AddressPolicy; maxBytes: number; timeoutMs?: number },
): Promise<string> {
  let url: string;
  try {
    url = sheetCsvUrl(address);
  } catch {
    throw new SheetError('sheet_invalid_link', 'The Google Sheets address is not a valid link.');
  }
  let page;
  try {
    page = await fetchPage(url, {
      allowAddress: options.allowAddress,
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs ?? SHEET_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    // fetchPage's messages are ours and speak of "the page"; say what page it was.
    throw new SheetError(FETCH_PROBLEM[error.reason], `The sheet could not be read: ${error.message}`);
  }
  if (page.mediaType === 'text/html') {
    // Google answers a sign-in page for a sheet that is not shared with anyone with the link.
    throw new SheetError(
      'sheet_not_shared',
      'The sheet answered a web page, not CSV: share it with "Anyone with the link" (viewer) or use its CSV export link.',
    );
  }
  // Outside text: a NUL or a broken surrogate in a cell is dropped, not refused (decision 028).
  return storableText(pageText(page));
}
