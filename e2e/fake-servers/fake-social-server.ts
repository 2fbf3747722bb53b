// A fake Reddit and a fake LinkedIn on 127.0.0.1 for end-to-end tests: their OAuth consent pages
// (Allow / Deny), token endpoints and APIs, as apps/server/src/test-support/fake-social speaks
// them for the server's own tests, and the pages a post's link opens. The fake Reddit starts with
// a few subreddits to publish in. GET /healthz on each answers once it listens. Run with tsx.
import { pathToFileURL } from 'node:url';
// The fakes are shared with the server's own tests; e2e may not import server code otherwise.
import { startFakeLinkedIn } from '../../apps/server/src/test-support/fake-social/linkedin';
import { startFakeReddit } from '../../apps/server/src/test-support/fake-social/reddit';

/** Ports move with E2E_PORT_BASE, like the others in e2e/support/constants.ts. */
export const FAKE_REDDIT_PORT = 2531 + Number(process.env.E2E_PORT_BASE ?? 0);
export const FAKE_LINKEDIN_PORT = 2532 + Number(process.env.E2E_PORT_BASE ?? 0);
export { FAKE_LINKEDIN_APP } from '../../apps/server/src/test-support/fake-social/linkedin';
export { FAKE_REDDIT_APP } from '../../apps/server/src/test-support/fake-social/reddit';
/** Subreddits the fake Reddit has from the start. */
export const FAKE_SUBREDDITS = ['startups', 'SaaS'];

async function main() {
  const reddit = await startFakeReddit({ port: FAKE_REDDIT_PORT });
  for (const name of FAKE_SUBREDDITS) reddit.setSubreddit(name, { posts: [] });
  const linkedin = await startFakeLinkedIn({ port: FAKE_LINKEDIN_PORT });
  console.warn(`fake Reddit on ${reddit.baseUrl}, fake LinkedIn on ${linkedin.baseUrl}`);
  const stop = () => void Promise.all([reddit.close(), linkedin.close()]).then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
