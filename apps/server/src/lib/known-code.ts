/**
 * A code read back from a text column, if it is one of these; anything else (a row written
 * before the column held codes, say) is null rather than a value the contract would refuse.
 */
export function knownCode<Code extends string>(codes: readonly Code[], value: string | null): Code | null {
  return value !== null && (codes as readonly string[]).includes(value) ? (value as Code) : null;
}
