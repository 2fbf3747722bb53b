import { errorMessages, type ErrorCode } from '@doppel/contracts';

/** The one error domain code throws; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: { fields?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
  }
}
