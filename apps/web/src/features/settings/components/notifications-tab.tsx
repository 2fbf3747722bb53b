/** Placeholder while the notifications work lands (issue 23); replaced by the Notifications tab. */
export function NotificationsTab() {
  return null;
}
