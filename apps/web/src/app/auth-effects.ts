import type { User, UserSettings } from '@doppel/contracts';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/settings/api/get-me';
import { patchSettings } from '@/features/settings/api/get-settings';
import { settingsQueryKey, settingsQueryOptions } from '@/lib/settings-query';
import { currentLanguage, preloadAppDictionaries, setInterfaceLanguage } from '@/lib/i18n';
import type { Services } from '@/lib/services';
import { setTheme } from '@/lib/theme';

/**
 * What the whole app does when the auth state changes, wired once at start-up:
 * - a different person (or nobody) must never see the previous user's cached data;
 * - on sign-in, the account's saved interface language is applied (a demo sandbox instead
 *   takes the language the visitor already chose, so "Try demo" never switches language);
 * - a profile change from any tab updates the cached profile;
 * - whenever the account's settings arrive (loaded, saved, or put back after a failed save), their
 *   theme is applied to <html> and remembered on this device: the server's value wins.
 * Returns the function that unwires it.
 */
export function wireAuthEffects({ session, api }: Services, queryClient: QueryClient): () => void {
  let lastUserId: string | null = session.session?.user.id ?? null;

  const unfollowTheme = followAccountTheme(queryClient);
  const unwireAuth = session.onAuthStateChange((event, current) => {
    const userId = current?.user.id ?? null;
    if (event === 'SIGNED_OUT' || (userId && lastUserId && userId !== lastUserId)) queryClient.clear();
    lastUserId = userId;

    if (event === 'USER_UPDATED' && current) {
      queryClient.setQueryData<User>(meQueryKey, current.user);
    }
    if (event === 'SIGNED_IN' && current) {
      void preloadAppDictionaries();
      void applyAccountLanguage(current.user, { session, api }, queryClient);
    }
  });
  return () => {
    unwireAuth();
    unfollowTheme();
  };
}

function followAccountTheme(queryClient: QueryClient): () => void {
  const settingsHash = hashKey(settingsQueryKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== settingsHash) return;
    const theme = (event.query.state.data as UserSettings | undefined)?.theme;
    if (theme) setTheme(theme);
  });
}

async function applyAccountLanguage(user: User, { api }: Services, queryClient: QueryClient): Promise<void> {
  try {
    const settings = await queryClient.fetchQuery(settingsQueryOptions(api));
    if (user.isDemo) {
      const language = currentLanguage();
      if (settings.language !== language) {
        queryClient.setQueryData(settingsQueryOptions(api).queryKey, await patchSettings(api, { language }));
      }
    } else {
      await setInterfaceLanguage(settings.language);
    }
  } catch {
    // The language stays as it is; the settings tab shows its own error if settings cannot load.
  }
}
