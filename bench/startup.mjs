// Time from `npm start`'s entry to a ready server on a fresh embedded database, with the web
// build already in place (a warm start). Budget: under 10 s.
import { startServer } from './lib/server.mjs';

const runs = [];
for (let i = 0; i < 3; i++) {
  const server = await startServer(3201 + i);
  runs.push(server.readyMs);
  await server.stop();
}
runs.sort((a, b) => a - b);
console.info(
  `startup to /readyz (warm build, fresh PGlite): median ${(runs[1] / 1000).toFixed(2)} s, runs ${runs.map((r) => (r / 1000).toFixed(2)).join(' / ')} s — budget 10 s`,
);
