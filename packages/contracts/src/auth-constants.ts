// Kept free of zod, like error-codes.ts: the web app's session manager reads these at start.

/**
 * The spec's "simple email pattern": something@something.something, no spaces. Here, not in
 * auth.ts, so the sign-in forms check it without zod (docs/decisions/053).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 120;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** Access tokens live 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session (the refresh-token family) lives at most 30 days without use. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Demo sandboxes are removed 24 hours after they were created. */
export const DEMO_SANDBOX_TTL_HOURS = 24;
/** The web app refreshes this long before the access token expires. */
export const REFRESH_AHEAD_SECONDS = 60;
/** Transient refresh failures back off from 200 ms, doubling per attempt. */
export const REFRESH_RETRY_BASE_MS = 200;
