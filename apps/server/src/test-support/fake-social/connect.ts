import type { FastifyInstance } from 'fastify';
import type { SocialAccount, SocialPlatform } from '@doppel/contracts';
import type { Config } from '../../lib/config';
import type { FakeLinkedIn } from './linkedin';
import type { FakeReddit } from './reddit';

/** Config that points Reddit and LinkedIn at the fakes, with their apps as the server's own. */
export function socialConfig(
  fakes: { reddit?: FakeReddit; linkedin?: FakeLinkedIn },
  options: { serverApps?: boolean } = {},
): Pick<Config, 'social'> {
  const serverApps = options.serverApps ?? true;
  const unused = 'http://127.0.0.1:9';
  return {
    social: {
      reddit: {
        siteUrl: fakes.reddit?.baseUrl ?? unused,
        apiUrl: fakes.reddit?.baseUrl ?? unused,
        app: serverApps && fakes.reddit ? fakes.reddit.app : null,
      },
      linkedin: {
        siteUrl: fakes.linkedin?.baseUrl ?? unused,
        apiUrl: fakes.linkedin?.baseUrl ?? unused,
        apiVersion: '202610',
        app: serverApps && fakes.linkedin ? fakes.linkedin.app : null,
      },
    },
  };
}

/**
 * Connects the user's account as the web app does: Connect, the fake's consent page answered
 * (Allow by default), and the callback's code and state handed back. The callback's answer.
 */
export async function connectSocialAccount(
  app: FastifyInstance,
  accessToken: string,
  platform: SocialPlatform,
  fake: FakeReddit | FakeLinkedIn,
  decision: 'allow' | 'deny' = 'allow',
) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const started = await app.inject({
    method: 'POST',
    url: `/api/social-accounts/${platform}/connect`,
    headers,
  });
  if (started.statusCode !== 200) throw new Error(`connect answered ${started.statusCode}: ${started.body}`);
  const back = new URL(await fake.consent(started.json<{ authorizeUrl: string }>().authorizeUrl, decision));
  const payload: Record<string, string> = { state: back.searchParams.get('state') ?? '' };
  for (const name of ['code', 'error'] as const) {
    const value = back.searchParams.get(name);
    if (value) payload[name] = value;
  }
  const answer = await app.inject({
    method: 'POST',
    url: `/api/social-accounts/${platform}/callback`,
    headers,
    payload,
  });
  return {
    response: answer,
    redirect: back,
    account: answer.statusCode === 200 ? answer.json<SocialAccount>() : null,
  };
}
