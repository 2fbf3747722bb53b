import { errorCodes, errorMessages, type ErrorCode } from '@doppel/contracts';
import { isApiError } from './api-error';
import { i18n, intlLocale } from './i18n';

const knownCodes = new Set<string>(errorCodes);

function isErrorCode(code: string): code is ErrorCode {
  return knownCodes.has(code);
}

/** "in 30 seconds" / "через 2 минуты", in the interface language. */
export function formatRetryDelay(seconds: number, language: string = i18n.language): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  if (seconds < 90) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

/**
 * The text to show for a failed action: the words for the server's reason when it gave one
 * this app knows (never its English message then), else the server's message — translated
 * when it is the standard one for its code — else the screen's own fallback. Anything that is
 * not an API error is a bug on our side and reads 'An unexpected error occurred'.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return i18n.t('errors:unexpected');
  if (error.reason) return i18n.t(`errorReasons:${error.reason}`);
  if (error.code === 'rate_limited') {
    return error.retryAfter
      ? i18n.t('errors:rateLimitedRetry', { when: formatRetryDelay(error.retryAfter) })
      : i18n.t('errors:rate_limited');
  }
  if (error.code === 'network_error') return i18n.t('errors:network_error');
  if (isErrorCode(error.code)) {
    const standard = errorMessages[error.code];
    if (error.message === standard) return i18n.t(`errors:${error.code}`);
    // A specific message from the server says more than our generic one.
    if (error.message) return error.message;
    return error.code === 'internal' ? fallback : i18n.t(`errors:${error.code}`);
  }
  return error.message || fallback;
}
