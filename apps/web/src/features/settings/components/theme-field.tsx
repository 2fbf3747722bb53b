import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '@/lib/theme';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const satisfies Record<Theme, LucideIcon>;

/** The order shown: the two fixed themes, then the one that follows the device. */
const ORDER = ['light', 'dark', 'system'] as const satisfies readonly Theme[];

interface ThemeFieldProps {
  value: Theme;
  onChange: (theme: Theme) => void;
}

/** A radio group (native radios: arrow keys move the choice): Light, Dark, System. */
export function ThemeField({ value, onChange }: ThemeFieldProps) {
  const { t } = useTranslation('settings');
  const id = useId();
  return (
    <fieldset className="grid gap-1.5" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 text-sm leading-none font-medium">{t('theme.label')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {ORDER.map((theme) => {
          const Icon = ICONS[theme];
          return (
            <label
              key={theme}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border p-2.5 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={id}
                value={theme}
                checked={value === theme}
                onChange={() => onChange(theme)}
                className="size-4 shrink-0 accent-primary"
              />
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span>{t(`theme.${theme}`)}</span>
            </label>
          );
        })}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('theme.hint')}
      </p>
    </fieldset>
  );
}
