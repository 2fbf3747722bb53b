import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../app';
import { ManualClock, createTestApp, uniqueEmail, uniqueIp } from '../test-support/test-app';

let doppel: DoppelApp;
const clock = new ManualClock();
beforeAll(async () => {
  doppel = await createTestApp({
    clock,
    config: { authRateLimit: { perIp: 5, perEmail: 3, windowSeconds: 600 } },
  });
});
afterAll(async () => {
  await doppel.app.close();
});

const signIn = (email: string, ip: string) =>
  doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { email, password: 'guess' },
  });

describe('auth rate limits', () => {
  // Per email from one IP; from many IPs an account gets ten times that (modules/auth/sign-in-lockout.test.ts).
  it('limits sign-in attempts per email from one IP, with Retry-After, until the window passes', async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn(email, ip)).statusCode).toBe(400);
    const limited = await signIn(email, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(limited.json().error.retryAfter).toBe(retryAfter);

    clock.advance(601 * 1000);
    expect((await signIn(email, ip)).statusCode).toBe(400);
  });

  it('limits attempts per IP across emails', async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await signIn(uniqueEmail(), ip)).statusCode).toBe(400);
    expect((await signIn(uniqueEmail(), ip)).statusCode).toBe(429);
    // Another address is unaffected.
    expect((await signIn(uniqueEmail(), uniqueIp())).statusCode).toBe(400);
  });

  it('limits sign-up and password-reset requests too', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await doppel.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: uniqueIp(),
        payload: { email },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const ip = uniqueIp();
    const signUps: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await doppel.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: ip,
        payload: { fullName: 'Spam', email: uniqueEmail(), password: 'secret1' },
      });
      signUps.push(response.statusCode);
    }
    expect(signUps).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
