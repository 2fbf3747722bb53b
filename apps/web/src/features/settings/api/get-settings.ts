import { routes, type UpdateUserSettingsInput, type UserSettings } from '@doppel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';
import { settingsQueryKey } from '@/lib/settings-query';

/**
 * The preferences the settings dialog edits: language ones, the theme, the AI defaults (main
 * model, temperature), the touch budget and the notification channels.
 */
export type SettingsPatch = Pick<
  UpdateUserSettingsInput,
  | 'language'
  | 'responseLanguage'
  | 'autoTranslate'
  | 'theme'
  | 'aiPreferences'
  | 'touchesPerWeek'
  | 'notifications'
>;

/**
 * The settings as they will be once the patch is saved (AI preferences and notification
 * channels are merged, not replaced).
 */
function applyPatch(settings: UserSettings, patch: SettingsPatch): UserSettings {
  const { aiPreferences, notifications, ...rest } = patch;
  return {
    ...settings,
    ...rest,
    aiPreferences: aiPreferences ? { ...settings.aiPreferences, ...aiPreferences } : settings.aiPreferences,
    notifications: notifications ? { ...settings.notifications, ...notifications } : settings.notifications,
  };
}

export function patchSettings(api: ApiClient, patch: SettingsPatch): Promise<UserSettings> {
  return api.call(routes.settings.update, { body: patch });
}

/**
 * Saves one preference at a time, optimistically; on failure the old value comes back.
 * Saves run one after another so a slow answer cannot overwrite a newer choice.
 */
export function useUpdateSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'settings' },
    mutationFn: (patch: SettingsPatch) => patchSettings(api, patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<UserSettings>(settingsQueryKey);
      if (previous) queryClient.setQueryData<UserSettings>(settingsQueryKey, applyPatch(previous, patch));
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(settingsQueryKey, context.previous);
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
    },
  });
}
