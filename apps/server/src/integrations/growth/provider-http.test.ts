import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { callProvider, failureFor, GrowthProviderError, unreadable } from './provider-http';

describe('provider failures', () => {
  it('carry a code per status for the web app to word, beside the English message', () => {
    const cases = [
      [401, 'credential', 'credential_refused', 'The Pipedrive API token was refused.'],
      [402, 'credential', 'no_credits', 'Pipedrive says the account has no credits left.'],
      [
        403,
        'credential',
        'access_refused',
        'Pipedrive refused access with this API token; check its permissions and plan.',
      ],
      [429, 'rate_limited', 'rate_limited', 'Pipedrive is limiting requests; try again later.'],
      [500, 'unavailable', 'provider_error', 'Pipedrive answered with an error (HTTP 500).'],
      [422, 'bad_answer', 'request_refused', 'Pipedrive refused the request (HTTP 422).'],
    ] as const;
    for (const [status, kind, problem, message] of cases) {
      expect(failureFor('pipedrive', status)).toMatchObject({ kind, problem, message, status });
    }
    expect(unreadable('hunter')).toMatchObject({
      kind: 'bad_answer',
      problem: 'unreadable_answer',
      message: 'Hunter answered with something we could not read.',
    });
  });

  it('codes a call that gets no answer in time', async () => {
    // A server that takes the request and never answers.
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const error = await callProvider({
        service: 'apollo',
        url: new URL(`http://127.0.0.1:${port}/`),
        retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
        timeoutMs: 50,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GrowthProviderError);
      expect(error).toMatchObject({ problem: 'timeout', message: 'Apollo did not answer in time.' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
