import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The first problem of each top-level field of a failed zod parse (keywords.3 → keywords): forms
 * here are flat, and a field shows the message key the schema names for it.
 */
export function issuesByField(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string }>,
): Record<string, { message: string; type: string }> {
  const errors: Record<string, { message: string; type: string }> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= { message: issue.message, type: issue.code ?? 'custom' };
  }
  return errors;
}

/**
 * react-hook-form resolver for the contracts' zod schemas. Our own ~20 lines instead of
 * @hookform/resolvers, whose extra ~1.3 KB gzip the /auth first-load budget cannot spare.
 */
export function zodResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = issuesByField(result.error.issues);
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
