import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: the test setup leaves CSS imports empty (css: false), ?raw ones too.
const css = readFileSync(resolve(__dirname, '../../../index.css'), 'utf8');

/** The colour tokens of one theme block of index.css ("--card: #111113;" → card: #111113). */
function tokens(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

function themeBlock(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * A completed card in the Assistant's list is drawn at full opacity (task-card.tsx): its
 * priority badge, date, type and "Completed" label are the same tokens as on any card, and
 * each pair must reach WCAG AA (4.5:1) in the light and the dark theme.
 */
const PAIRS: Array<[foreground: string, background: string]> = [
  ['destructive-soft-foreground', 'destructive-soft'], // High priority badge
  ['warning-soft-foreground', 'warning-soft'], // Medium
  ['success-soft-foreground', 'success-soft'], // Low
  ['muted-foreground', 'card'], // date and type
  ['success-soft-foreground', 'card'], // the "Completed" label
];

describe('completed task cards', () => {
  it.each([':root', ':root.dark'])('keep AA contrast for badge, date, type and label in %s', (selector) => {
    const colours = tokens(themeBlock(selector));
    for (const [foreground, background] of PAIRS) {
      const ratio = contrast(colours[foreground]!, colours[background]!);
      expect(ratio, `${foreground} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
