/*
 * Doppel's service worker: shows the push notifications the server sends about urgent tasks
 * (apps/server/src/modules/notifications) and opens the task when one is clicked. Settings →
 * Notifications registers it only when the user turns browser push on. It caches nothing: the
 * app works exactly as without it.
 */

self.addEventListener('install', () => {
  // A new version takes over at once; it holds no state an older one could need.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload the server sends: { title, body, url, tag }; anything unreadable still shows. */
function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return typeof data === 'object' && data !== null ? data : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Doppel';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      icon: '/favicon.svg',
      data: { url: typeof payload.url === 'string' ? payload.url : '/actions' },
    }),
  );
});

/** Only a path of this app is opened, never another site. */
function targetUrl(notification) {
  const path = notification.data && notification.data.url;
  const url = new URL(typeof path === 'string' ? path : '/actions', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/actions', self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of the app already open goes to the task; otherwise a new one opens.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
