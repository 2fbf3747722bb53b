// `npm start`: builds the web app when its sources changed, then runs the server in this process
// (TypeScript through tsx), so signals reach the server's graceful shutdown directly.
// `npm run start:worker` (`--worker`): a worker process (ROLE=worker), which serves no web app
// and so builds none.
import { register } from 'tsx/esm/api';
import { buildWeb, webBuildIsStale } from './web-build.mjs';

if (process.argv.includes('--worker')) process.env.ROLE = 'worker';
if (process.env.ROLE !== 'worker' && webBuildIsStale()) {
  process.stdout.write('Building the web app (first start or changed sources)…\n');
  buildWeb();
}
register();
await import('../apps/server/src/main.ts');
