import { routes, type NotificationStatus } from '@doppel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/services';

/*
 * Settings → Notifications: the server's side (how many browsers get push, the Telegram link)
 * and this browser's push subscription (the service worker public/sw.js shows what arrives).
 */

export const notificationStatusQueryKey = ['notifications', 'status'] as const;
const browserPushQueryKey = ['notifications', 'this-browser'] as const;

/** While a Telegram link code waits for the user's message to the bot, the state is read again this often. */
const LINK_POLL_MS = 3000;

export function useNotificationStatus() {
  const api = useApi();
  return useQuery({
    queryKey: notificationStatusQueryKey,
    queryFn: ({ signal }) => api.call(routes.notifications.status, { signal }),
    refetchInterval: (query) => {
      const telegram = query.state.data?.telegram;
      return telegram?.linkPendingUntil && !telegram.linkedAt ? LINK_POLL_MS : false;
    },
  });
}

export function useLinkTelegram() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.notifications.linkTelegram),
    onSuccess: (link) =>
      queryClient.setQueryData<NotificationStatus>(notificationStatusQueryKey, (status) =>
        status ? { ...status, telegram: { ...status.telegram, linkPendingUntil: link.expiresAt } } : status,
      ),
  });
}

export function useUnlinkTelegram() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.notifications.unlinkTelegram),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationStatusQueryKey }),
  });
}

export function useTestPush() {
  const api = useApi();
  return useMutation({ mutationFn: () => api.call(routes.notifications.testPush) });
}

// ——— This browser ———

/** What this browser can do: no Push API at all, or the user's answer to the permission prompt. */
export type PushPermission = 'unsupported' | NotificationPermission;

export function pushPermission(): PushPermission {
  if (
    typeof window === 'undefined' ||
    !('Notification' in window) ||
    !('PushManager' in window) ||
    !('serviceWorker' in navigator)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The service worker's scope: the whole app, so a click can open any task. */
const WORKER_URL = '/sw.js';

async function thisBrowserSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser has a push subscription (made here earlier, on this device). */
export function useBrowserPush() {
  return useQuery({
    queryKey: browserPushQueryKey,
    queryFn: async () => (await thisBrowserSubscription()) !== null,
  });
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/**
 * Registers the service worker, subscribes this browser with the server's VAPID key and hands
 * the subscription to the server. A subscription made with another key (the server's secret
 * changed) is replaced.
 */
async function subscribeThisBrowser(api: ApiClient): Promise<void> {
  const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await api.call(routes.notifications.pushKey);
  const serverKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  const { endpoint, keys } = subscription.toJSON();
  await api.call(routes.notifications.subscribePush, {
    body: {
      endpoint: endpoint ?? subscription.endpoint,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    },
  });
}

async function unsubscribeThisBrowser(api: ApiClient): Promise<void> {
  const subscription = await thisBrowserSubscription();
  if (!subscription) return;
  await api.call(routes.notifications.unsubscribePush, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * Before signing out: this browser stops getting the account's notifications, so whoever signs
 * in next on a shared computer does not see them. Best effort: signing out goes ahead when the
 * server or the push service cannot be reached.
 */
export async function forgetThisBrowserPush(api: ApiClient): Promise<void> {
  try {
    await unsubscribeThisBrowser(api);
  } catch {
    // The server forgets the subscription anyway once the push service answers 404/410.
  }
}

/** What turning browser push on came to: on, or the user did not allow notifications. */
export type TurnOnOutcome = 'on' | 'denied' | 'dismissed';

/**
 * Turns push on in this browser. `permission` is the prompt's answer: the caller asks for it in
 * the click itself, as browsers show the prompt only for a user's gesture.
 */
export function useTurnOnPush() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (permission: Promise<NotificationPermission>): Promise<TurnOnOutcome> => {
      const answer = await permission;
      if (answer !== 'granted') return answer === 'denied' ? 'denied' : 'dismissed';
      await subscribeThisBrowser(api);
      return 'on';
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: browserPushQueryKey });
      await queryClient.invalidateQueries({ queryKey: notificationStatusQueryKey });
    },
  });
}

/** Turns push off in this browser; answers how many other browsers still get it. */
export function useTurnOffPush() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<number> => {
      await unsubscribeThisBrowser(api);
      return (await api.call(routes.notifications.status)).pushSubscriptions;
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: browserPushQueryKey });
      await queryClient.invalidateQueries({ queryKey: notificationStatusQueryKey });
    },
  });
}
