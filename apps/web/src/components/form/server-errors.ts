import { isApiError } from '@/lib/api-error';

/**
 * The form fields a server's field path may name: a list of field names (a path's first part
 * is enough: keywords.3 → keywords), a table from path to field, or a function.
 */
export type ServerFieldMap<F extends string> =
  readonly F[] | Readonly<Record<string, F>> | ((path: string) => F | undefined);

function fieldFor<F extends string>(path: string, fields: ServerFieldMap<F>): F | undefined {
  const head = path.split('.')[0] ?? path;
  if (typeof fields === 'function') return fields(path);
  if (Array.isArray(fields)) {
    const list = fields as readonly F[];
    return list.find((field) => field === path) ?? list.find((field) => field === head);
  }
  const table = fields as Readonly<Record<string, F>>;
  return Object.hasOwn(table, path) ? table[path] : Object.hasOwn(table, head) ? table[head] : undefined;
}

/**
 * The server's field problems (validation_failed: `{ error: { fields: { path: messageKey } } }`)
 * that fall on this form's fields; the first one per field is kept. Empty when there are none.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: ServerFieldMap<F>,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!isApiError(error) || !error.fields) return found;
  for (const [path, key] of Object.entries(error.fields)) {
    const field = fieldFor(path, fields);
    if (field) found[field] ??= key;
  }
  return found;
}
