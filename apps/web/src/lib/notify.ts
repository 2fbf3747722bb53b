import { isApiError } from './api-error';
import { errorMessage } from './error-message';
import { i18n } from './i18n';
import { canOpenSettings, openSettings } from './open-settings';

/*
 * Toasts (sonner) are loaded with the first toast, not with the page: they are not needed to
 * paint it, and the first-load budget is tight. The first toast asks the host
 * to mount the Toaster; the Toaster announces itself when mounted, and toasts raised before
 * that wait for it instead of being lost.
 */
let toasterWanted = false;
const toasterWantedListeners = new Set<() => void>();

/** For the Toaster host (useSyncExternalStore): has any toast been raised yet? */
export function isToasterWanted(): boolean {
  return toasterWanted;
}

export function subscribeToasterWanted(listener: () => void): () => void {
  toasterWantedListeners.add(listener);
  return () => toasterWantedListeners.delete(listener);
}

function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of [...toasterWantedListeners]) listener();
}
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/** Called by the Toaster host once sonner's <Toaster> is on the page. */
export function toasterMounted(): void {
  markToasterReady();
}

export const loadSonner = () => import('sonner');

async function sonnerToast() {
  wantToaster();
  const [{ toast }] = await Promise.all([loadSonner(), toasterReady]);
  return toast;
}

let createAccountHandler: (() => void) | null = null;

/**
 * The app registers how "create an account" works (leave the demo, open sign-up), so any
 * feature can offer it when the server refuses an action with demo_restricted.
 */
export function setCreateAccountHandler(handler: (() => void) | null): void {
  createAccountHandler = handler;
}

export function startCreateAccount(): void {
  createAccountHandler?.();
}

/** Destructive toast with the spec's title and message. */
export function notifyError(
  error: unknown,
  fallback: string = i18n.t('errors:unexpected'),
  options: { title?: string } = {},
): void {
  if (isApiError(error) && error.code === 'demo_restricted') {
    const title = i18n.t('common:demo.restrictedTitle');
    const description = i18n.t('errors:demo_restricted');
    const action = createAccountHandler
      ? { label: i18n.t('common:demo.createAccount'), onClick: () => startCreateAccount() }
      : undefined;
    void sonnerToast().then((toast) => toast.error(title, { id: 'demo-restricted', description, action }));
    return;
  }
  const title = options.title ?? i18n.t('common:toast.errorTitle');
  const description = errorMessage(error, fallback);
  // Sending email needs the user's mailbox: the toast leads to where it is connected.
  const action =
    isApiError(error) && error.code === 'mailbox_required' && canOpenSettings()
      ? { label: i18n.t('common:mailbox.openSettings'), onClick: () => openSettings('messengers') }
      : undefined;
  void sonnerToast().then((toast) => toast.error(title, { description, action }));
}

export function notifySuccess(message: string): void {
  const title = i18n.t('common:toast.successTitle');
  void sonnerToast().then((toast) => toast.success(title, { description: message }));
}

/** Destructive toast for a failure on this side (no server error to show): a fixed message. */
export function notifyFailure(description: string): void {
  const title = i18n.t('common:toast.errorTitle');
  void sonnerToast().then((toast) => toast.error(title, { description }));
}
