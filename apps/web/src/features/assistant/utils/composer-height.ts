/** Composer textarea constants. */
export const COMPOSER_MIN_HEIGHT = 120;
export const COMPOSER_MAX_HEIGHT = 400;
const LINE_HEIGHT = 20;
const CHARACTERS_PER_LINE = 80;

/**
 * Height of the composer's textarea: it grows 20 px per wrapped line (80 characters each) from
 * 120 px up to the smaller of 400 px and half the window.
 */
export function composerHeight(text: string, windowHeight: number): number {
  const lines = text
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / CHARACTERS_PER_LINE)), 0);
  const ceiling = Math.max(COMPOSER_MIN_HEIGHT, Math.min(COMPOSER_MAX_HEIGHT, windowHeight / 2));
  return Math.min(ceiling, Math.max(COMPOSER_MIN_HEIGHT, lines * LINE_HEIGHT));
}
