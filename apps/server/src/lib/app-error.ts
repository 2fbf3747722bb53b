import { errorMessages, type ErrorCode, type ErrorReason } from '@doppel/contracts';

export interface AppErrorDetails {
  /** Field path → message key the web app words, for a validation error. */
  fields?: Record<string, string>;
  retryAfter?: number;
  /**
   * Which refusal of the code a specific message is (contracts `errorReasons`): the web app
   * words it in the user's language, API clients read the English message (decision 039).
   */
  reason?: ErrorReason;
}

/**
 * The one error domain code throws; the error handler turns it into
 * `{ error: { code, message, reason?, fields?, retryAfter? } }`. A message other than the
 * code's standard one is English for API clients and comes with a `reason`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
  }
}
