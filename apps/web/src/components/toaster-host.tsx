import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { isToasterWanted, loadSonner, subscribeToasterWanted, toasterMounted } from '@/lib/notify';

function MountSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

const LazyToaster = lazy(() =>
  loadSonner().then(({ Toaster }) => ({
    default: function AppToaster() {
      return (
        <>
          {/* pointer-events: a modal dialog disables them on <body>; toasts must stay clickable above it. */}
          <Toaster
            richColors
            closeButton
            position="top-center"
            theme="system"
            style={{ pointerEvents: 'auto' }}
          />
          <MountSignal />
        </>
      );
    },
  })),
);

/** Sonner's toaster, fetched and mounted when the first toast is raised. */
export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  if (!wanted) return null;
  // Straight under <body>: an open modal dialog hides the app root from assistive technology,
  // and a toast raised from inside the dialog must still be heard and reachable.
  return createPortal(
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>,
    document.body,
  );
}
