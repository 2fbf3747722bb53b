import { z } from 'zod';
import { errorCodes } from './error-codes';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Field-level problems of a validation error: path → message key. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Seconds until a rate-limited request may be retried. */
    retryAfter: z.number().int().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
