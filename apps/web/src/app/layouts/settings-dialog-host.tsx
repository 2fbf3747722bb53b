import { Suspense, useState } from 'react';
import { lazyWithPreload } from '@/lib/lazy';

/** The dialog's code is fetched on first use (or when the pointer nears the user block). */
export const LazySettingsDialog = lazyWithPreload(() =>
  import('./app-settings-dialog').then((module) => ({ default: module.AppSettingsDialog })),
);

/** Open state of the settings dialog, shared by the desktop and mobile layouts. */
export function useSettingsDialog() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return {
    open: () => {
      setEverOpened(true);
      setOpen(true);
    },
    preload: () => void LazySettingsDialog.preload(),
    element: everOpened ? (
      <Suspense fallback={null}>
        <LazySettingsDialog open={open} onOpenChange={setOpen} />
      </Suspense>
    ) : null,
  };
}
