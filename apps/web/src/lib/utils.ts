import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve Tailwind conflicts (tailwind-merge costs ~8 KB gzip,
 * more than the /auth first-load budget allows), so a component must never receive a class
 * that fights one of its own (two paddings, two sizes): give it a variant or prop instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

/** Up to two initials for an avatar: "Ada Lovelace" → "AL", "ada@x.io" → "A". */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/**
 * Whether a code from the server is one of a list this app knows (its words exist for it): a
 * newer server may send codes an older tab has no words for, which then read as sent.
 */
export function isOneOf<T extends string>(list: readonly T[], value: string | null | undefined): value is T {
  return value !== null && value !== undefined && (list as readonly string[]).includes(value);
}
