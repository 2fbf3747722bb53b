/** Injected wherever time decides an outcome (token expiry, rate windows), so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
