/** Placeholder while the owner's Users list lands (issue 23). */
export function InstanceUsersSection() {
  return null;
}
