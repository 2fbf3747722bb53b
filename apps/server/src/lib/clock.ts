/** Injected wherever time decides an outcome (token expiry, rate windows), so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Midnight UTC of the day `now` is in: where a campaign's daily budget and daily send limit
 * start again (one rule for every user, whatever their time zone).
 */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
