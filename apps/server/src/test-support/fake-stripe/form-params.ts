/**
 * Stripe's request parameters: a form body (POST) or query string (GET) in bracket notation,
 * `line_items[0][price]=price_1&metadata[user]=u`, read into nested objects and arrays.
 */
export type Params = { [key: string]: Param };
export type Param = string | Param[] | Params;

export function readParams(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [head, ...rest] = key.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Params | Param[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[index + 1]!);
      const slot = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
      const container = node as Record<string | number, Param>;
      if (last) container[slot] = value;
      else container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Params | Param[];
    });
  }
  return root;
}

export function text(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

export function list(params: Params, key: string): Param[] {
  const value = params[key];
  return Array.isArray(value) ? value : [];
}

export function object(params: Params | Param | undefined, key: string): Params {
  const value = params && typeof params === 'object' && !Array.isArray(params) ? params[key] : undefined;
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
