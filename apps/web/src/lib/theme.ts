import type { UserSettings } from '@doppel/contracts';

export type Theme = UserSettings['theme'];

/**
 * Where this device remembers the theme, so public/theme.js can put the class on <html> before
 * the first paint (no light flash for a dark-theme user). Keep the key in step with that file.
 */
export const THEME_STORAGE_KEY = 'doppel.theme';

/**
 * Applies the theme at once — `light` or `dark` on <html>, neither for `system` (index.css then
 * follows the device's colour scheme) — and remembers it for the next load.
 */
export function setTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('light', theme === 'light');
  root.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the theme still applies to this page.
  }
}
