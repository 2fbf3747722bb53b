import { documentErrorCodes, type DocumentErrorCode, type KnowledgeDocument } from '@doppel/contracts';
import type { PublicFetchFailure } from '../../integrations/web/fetch-public';

/**
 * The English words for API clients (`errorReason`); the web app has its own, translated.
 * The column `documents.error_reason` stores only the code, so no exception text — a server
 * path, a bucket address, a library's message — can ever reach a user.
 */
export const documentErrorMessages: Record<DocumentErrorCode, string> = {
  file_missing: 'The uploaded file is no longer stored on the server. Replace the file to process it again.',
  unsupported_type: 'This file is not Markdown, text, PDF or Word.',
  pdf_password: 'The PDF is protected by a password.',
  pdf_unreadable: 'The PDF could not be read; it may be damaged.',
  docx_unreadable: 'The Word document could not be read; it may be damaged.',
  no_text: 'No text could be found in it (a scan without a text layer?).',
  link_refused: 'Only public http and https pages can be added.',
  link_http_error: 'The page answered with an error.',
  link_too_large: 'The page is too large to read.',
  link_timeout: 'The page did not answer in time.',
  link_redirects: 'The page redirects too many times.',
  link_unreachable: 'The page could not be reached.',
  link_not_page: 'This link is not a web page or a PDF.',
  processing_failed: 'Something went wrong on the server. Try again later.',
};

/** The file or page cannot be read as it is; retrying will not help until it is replaced. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
  constructor(
    readonly code: DocumentErrorCode,
    /** Our own words for a link preview, when they can say more than the code's. */
    message = documentErrorMessages[code],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const FETCH_FAILURES: Record<PublicFetchFailure, DocumentErrorCode> = {
  refused: 'link_refused',
  http_status: 'link_http_error',
  too_large: 'link_too_large',
  timeout: 'link_timeout',
  redirects: 'link_redirects',
  unreachable: 'link_unreachable',
};

export function fetchFailureCode(reason: PublicFetchFailure): DocumentErrorCode {
  return FETCH_FAILURES[reason];
}

const KNOWN = new Set<string>(documentErrorCodes);

/** What a document row says about its failure; text stored before codes were is not shown. */
export function documentErrorFields(
  stored: string | null,
): Pick<KnowledgeDocument, 'errorCode' | 'errorReason'> {
  if (stored === null) return { errorCode: null, errorReason: null };
  const code = KNOWN.has(stored) ? (stored as DocumentErrorCode) : 'processing_failed';
  return { errorCode: code, errorReason: documentErrorMessages[code] };
}
