import { describe, expect, it } from 'vitest';
import { formatChatTime } from './chat-time';

describe('formatChatTime', () => {
  it('shows hours and minutes on a 24-hour clock in every language', () => {
    const iso = new Date(2026, 10, 5, 21, 7).toISOString();
    for (const language of ['en', 'ru', 'fr', 'es', 'de']) {
      expect(formatChatTime(iso, language)).toBe('21:07');
    }
  });
});
