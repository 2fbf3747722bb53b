import { i18n } from '@/lib/i18n';
import { notifyFailure, notifySuccess } from '@/lib/notify';

/** Puts text on the clipboard and says so, or that it could not. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(i18n.t('apiKeys:toast.copied'));
  } catch {
    notifyFailure(i18n.t('apiKeys:toast.copyFailed'));
  }
}
