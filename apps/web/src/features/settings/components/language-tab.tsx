import {
  interfaceLanguages,
  responseLanguages,
  type ResponseLanguage,
  type UserSettings,
} from '@doppel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import {
  currentLanguage,
  isInterfaceLanguage,
  LANGUAGE_NATIVE_NAMES,
  setInterfaceLanguage,
} from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { settingsQueryKey, useSettings } from '@/lib/settings-query';
import { setTheme, type Theme } from '@/lib/theme';
import { useUpdateSettings, type SettingsPatch } from '../api/get-settings';
import { ThemeField } from './theme-field';

const RESPONSE_LABEL_KEYS = {
  auto: 'language.responseAuto',
  ru: 'language.responseRu',
  en: 'language.responseEn',
} as const satisfies Record<ResponseLanguage, string>;

function isResponseLanguage(value: string): value is ResponseLanguage {
  return (responseLanguages as readonly string[]).includes(value);
}

export function LanguageTab() {
  const { t, i18n } = useTranslation('settings');
  const settings = useSettings();
  const update = useUpdateSettings();
  const queryClient = useQueryClient();
  const interfaceId = useId();
  const responseId = useId();
  const autoTranslateId = useId();

  const save = (patch: SettingsPatch) =>
    update.mutate(patch, { onError: (error) => notifyError(error, t('language.saveFailed')) });

  const chooseTheme = (theme: Theme) => {
    // Applied at once on this device, then saved to the account for the others.
    setTheme(theme);
    update.mutate(
      { theme },
      {
        onError: (error) => {
          // The saved settings are back in the cache by now: their theme comes back too.
          const saved = queryClient.getQueryData<UserSettings>(settingsQueryKey)?.theme;
          if (saved) setTheme(saved);
          notifyError(error, t('theme.saveFailed'));
        },
      },
    );
  };

  if (settings.isError) {
    return (
      <ErrorState
        message={errorMessage(settings.error, t('language.loadFailed'))}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  if (!settings.data) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-6 w-64" />
      </div>
    );
  }

  const interfaceLanguage = isInterfaceLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : currentLanguage();
  return (
    <div className="grid max-w-md gap-6">
      <div className="grid gap-1.5">
        <Label htmlFor={interfaceId}>{t('language.interface')}</Label>
        <Select
          id={interfaceId}
          value={interfaceLanguage}
          onChange={(event) => {
            const language = event.target.value;
            if (!isInterfaceLanguage(language)) return;
            // Applied at once on this device, then saved to the account for the others.
            void setInterfaceLanguage(language);
            save({ language });
          }}
        >
          {interfaceLanguages.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NATIVE_NAMES[language]}
            </option>
          ))}
        </Select>
        <p className="text-xs text-muted-foreground">{t('language.interfaceHint')}</p>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={responseId}>{t('language.response')}</Label>
        <Select
          id={responseId}
          value={settings.data.responseLanguage}
          onChange={(event) => {
            const responseLanguage = event.target.value;
            if (isResponseLanguage(responseLanguage)) save({ responseLanguage });
          }}
        >
          {responseLanguages.map((language) => (
            <option key={language} value={language}>
              {t(RESPONSE_LABEL_KEYS[language])}
            </option>
          ))}
        </Select>
        <p className="text-xs text-muted-foreground">{t('language.responseHint')}</p>
      </div>

      <div className="flex items-start gap-3">
        <Checkbox
          id={autoTranslateId}
          checked={settings.data.autoTranslate}
          onCheckedChange={(checked) => save({ autoTranslate: checked === true })}
          className="mt-0.5"
        />
        <div className="grid gap-1">
          <Label htmlFor={autoTranslateId}>{t('language.autoTranslate')}</Label>
          <p className="text-xs text-muted-foreground">{t('language.autoTranslateHint')}</p>
        </div>
      </div>

      <ThemeField value={settings.data.theme} onChange={chooseTheme} />

      <p aria-live="polite" className="min-h-5 text-xs text-muted-foreground">
        {update.isPending ? t('language.saving') : update.isSuccess ? t('language.saved') : ''}
      </p>
    </div>
  );
}
