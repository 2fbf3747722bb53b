import { Suspense, useEffect, useState } from 'react';
import { lazyWithPreload } from '@/lib/lazy';
import { setOpenSettingsHandler, type SettingsTab } from '@/lib/open-settings';

/** The dialog's code is fetched on first use (or when the pointer nears the user block). */
export const LazySettingsDialog = lazyWithPreload(() =>
  import('./app-settings-dialog').then((module) => ({ default: module.AppSettingsDialog })),
);

/**
 * Open state and tab of the settings dialog, shared by the desktop and mobile layouts. The user
 * block opens it where it was left; other screens open it at the tab they name (openSettings).
 */
export function useSettingsDialog() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [tab, setTab] = useState<SettingsTab>('profile');
  useEffect(() => {
    setOpenSettingsHandler((at) => {
      setTab(at);
      setEverOpened(true);
      setOpen(true);
    });
    return () => setOpenSettingsHandler(null);
  }, []);
  return {
    open: () => {
      setEverOpened(true);
      setOpen(true);
    },
    preload: () => void LazySettingsDialog.preload(),
    element: everOpened ? (
      <Suspense fallback={null}>
        <LazySettingsDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />
      </Suspense>
    ) : null,
  };
}
