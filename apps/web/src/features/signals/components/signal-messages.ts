import {
  CONTENT_CADENCE_MAX,
  CONTENT_CADENCE_MIN,
  JOB_CHANGE_CSV_MAX_BYTES,
  MAX_SIGNAL_KEYWORDS,
  SIGNAL_KEYWORD_MAX_LENGTH,
} from '@doppel/contracts';

/** The numbers the signals' validation texts name, per message key. */
export function signalMessageValues(key: string): Record<string, unknown> {
  return {
    min: CONTENT_CADENCE_MIN,
    max:
      key === 'keywordTooLong'
        ? SIGNAL_KEYWORD_MAX_LENGTH
        : key === 'tooManyKeywords'
          ? MAX_SIGNAL_KEYWORDS
          : key === 'csvTooLarge'
            ? JOB_CHANGE_CSV_MAX_BYTES / (1024 * 1024)
            : CONTENT_CADENCE_MAX,
  };
}
