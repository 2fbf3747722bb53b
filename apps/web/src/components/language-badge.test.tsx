import type { InterfaceLanguage } from '@doppel/contracts';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LanguageBadge } from './language-badge';

/** Regional-indicator letters: the emoji flags Windows and many Linux systems draw as boxes. */
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

const NAMES: Record<InterfaceLanguage, { italian: string; unknown: string }> = {
  en: { italian: 'Language: Italian', unknown: 'Language unknown' },
  ru: { italian: 'Язык: итальянский', unknown: 'Язык неизвестен' },
  fr: { italian: 'Langue : italien', unknown: 'Langue inconnue' },
  es: { italian: 'Idioma: italiano', unknown: 'Idioma desconocido' },
  de: { italian: 'Sprache: Italienisch', unknown: 'Sprache unbekannt' },
};

describe('LanguageBadge', () => {
  it.each(Object.entries(NAMES) as Array<[InterfaceLanguage, (typeof NAMES)['en']]>)(
    'draws the language’s code and names it in the interface language (%s)',
    async (language, names) => {
      await act(() => i18n.changeLanguage(language));
      render(
        <>
          <LanguageBadge code="it" />
          <LanguageBadge code="und" />
        </>,
      );
      const italian = screen.getByRole('img', { name: names.italian });
      expect(italian).toHaveTextContent(/^IT$/);
      const unknown = screen.getByRole('img', { name: names.unknown });
      // A drawn globe (SVG), not a code, for a contact whose language is not known.
      expect(unknown.querySelector('svg')).not.toBeNull();
      expect(unknown).toHaveTextContent(/^$/);
      expect(document.body.textContent).not.toMatch(EMOJI_FLAG);
    },
  );

  it('names languages Doppel does not write, from the browser’s own list', async () => {
    await act(() => i18n.changeLanguage('ru'));
    render(<LanguageBadge code="uk" />);
    expect(screen.getByRole('img', { name: 'Язык: украинский' })).toHaveTextContent('UK');
  });
});
