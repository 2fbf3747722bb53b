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
