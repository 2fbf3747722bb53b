import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import { ZodError } from 'zod';
import {
  errorMessages,
  errorStatus,
  fieldErrorMessages,
  type ErrorBody,
  type ErrorCode,
} from '@doppel/contracts';
import { connectionFailureIn } from '@doppel/db';
import { AppError } from '../lib/app-error';

/**
 * What a request that met a dropped database connection is told: try again shortly. The
 * listener reconnects within about 5 s and the pool on the next query (docs/decisions/025).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function body(code: ErrorCode, message?: string, extra: Partial<ErrorBody['error']> = {}): ErrorBody {
  return { error: { code, message: message ?? errorMessages[code], ...extra } };
}

/** A refused field with a message of its own ("dueAt must be …") says it; else the code's. */
function invalidInput(fields: Record<string, string>): ErrorBody {
  const known = Object.values(fields).find((code) => fieldErrorMessages[code] !== undefined);
  return body('validation_failed', known ? fieldErrorMessages[known] : undefined, { fields });
}

function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The one error model: `{ error: { code, message } }` with the code's status, and an AppError's
 * `reason`, `fields` and `retryAfter` when it has them.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details.retryAfter) reply.header('Retry-After', String(error.details.retryAfter));
      return reply.code(errorStatus[error.code]).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const item of error.validation) {
        const key = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= item.message ?? 'invalid';
      }
      return reply.code(400).send(invalidInput(fields));
    }
    if (error instanceof ZodError) {
      return reply.code(400).send(invalidInput(fieldsFromZod(error)));
    }
    const failure = connectionFailureIn(error);
    if (failure) {
      // The connection's own error only: the query error around it carries the parameters.
      request.log.warn({ database: failure }, 'database unavailable: answered 503');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .code(503)
        .send(body('database_unavailable', undefined, { retryAfter: DATABASE_RETRY_AFTER_SECONDS }));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(body('payload_too_large'));
    if (status === 429) return reply.code(429).send(body('rate_limited'));
    if (status >= 400 && status < 500) {
      return reply.code(400).send(body('validation_failed', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('internal'));
  });
}
