/** Placeholder while the MFA work lands (issue 23); replaced by the Security tab. */
export function SecurityTab() {
  return null;
}
