import { lazy, Suspense, useEffect } from 'react';
import { loadSonner, toasterMounted } from '@/lib/notify';

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

/** Sonner's toaster, fetched after the first screen is up. */
export function ToasterHost() {
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
