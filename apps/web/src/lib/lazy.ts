import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same bound as React.lazy
export type PreloadableComponent<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy whose chunk can be fetched ahead of rendering (the route of the first page,
 * the settings dialog when the pointer nears its button), sharing one request with render.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same bound as React.lazy
export function lazyWithPreload<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): PreloadableComponent<T> {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => {
    if (!loading) {
      const promise: Promise<{ default: T }> & { status?: string; value?: unknown } = load();
      // React reads a promise marked this way as settled: a component whose chunk arrived
      // before its first render shows at once instead of behind a Suspense fallback (which
      // React then holds for up to 300 ms before revealing what replaced it).
      void promise.then(
        (module) => {
          promise.status = 'fulfilled';
          promise.value = module;
        },
        () => undefined,
      );
      loading = promise;
    }
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}
