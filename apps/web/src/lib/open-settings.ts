/** The tabs of the settings dialog, which other screens may open it at. */
export type SettingsTab =
  | 'profile'
  | 'subscription'
  | 'tokens'
  | 'security'
  | 'notifications'
  | 'language'
  | 'voice'
  | 'messengers'
  | 'mcp'
  | 'aiModels';

let openSettingsHandler: ((tab: SettingsTab) => void) | null = null;

/**
 * The app's layout registers how the settings dialog opens, so a feature (which never imports
 * the app) and toasts can send the user to the tab that fixes a refusal: "connect your mailbox"
 * opens Settings → Messengers.
 */
export function setOpenSettingsHandler(handler: ((tab: SettingsTab) => void) | null): void {
  openSettingsHandler = handler;
}

/** Whether anything can open the settings here (not on the public pages, which have none). */
export function canOpenSettings(): boolean {
  return openSettingsHandler !== null;
}

export function openSettings(tab: SettingsTab): void {
  openSettingsHandler?.(tab);
}
