import { z } from 'zod';
import { errorCodes, errorReasons } from './error-codes';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Which refusal of the code it is, for a client to word in its language (error-codes.ts). */
    reason: z.enum(errorReasons).optional(),
    /** Field-level problems of a validation error: path → message key. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Seconds until a rate-limited request may be retried. */
    retryAfter: z.number().int().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The `error` event that ends a server-sent event stream (drafts, the agent console). Code and
 * reason are plain strings: a client older than the server skips what it does not know.
 */
export const streamErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  reason: z.string().optional(),
});
export type StreamError = z.infer<typeof streamErrorSchema>;

/**
 * Why one row of an imported CSV was left out (leads, job changes), as a code the web app words
 * with the field's own label: the field is empty, too long or not valid; an address that is not
 * an email; a date that is not one. `reason` says the same in English, for API clients.
 */
export const csvRowProblems = ['empty', 'too_long', 'invalid', 'not_email', 'not_date'] as const;
export type CsvRowProblem = (typeof csvRowProblems)[number];
export const csvRejectedRowSchema = z.object({
  /** 1-based line in the file, counting the header as line 1. */
  row: z.number().int(),
  reason: z.string(),
  problem: z.enum(csvRowProblems),
  /** The field at fault: one of the import's fields (leadCsvFields, jobChangeCsvFields). */
  field: z.string(),
  /** What the row held there, shortened, when it helps to see it (a wrong email or date). */
  value: z.string().optional(),
});
export type CsvRejectedRow = z.infer<typeof csvRejectedRowSchema>;
