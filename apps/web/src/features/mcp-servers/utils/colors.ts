import type { McpServerColor } from '@doppel/contracts';

/** The dot each palette colour is drawn with. */
export const COLOR_DOT: Record<McpServerColor, string> = {
  blue: 'bg-blue-500',
  green: 'bg-emerald-500',
  purple: 'bg-violet-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
  gray: 'bg-gray-500',
};
