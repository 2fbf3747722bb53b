import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@doppel/contracts';

/**
 * Paths that belong to the server, never to the single-page app's history fallback. `/api`
 * itself is the web app's API-keys page, so only paths under `/api/` are the server's.
 */
const SERVER_PATHS = ['/api/', '/mcp', '/webhooks/', '/events', '/healthz', '/readyz'];

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and any
 * other GET that asks for HTML answered with index.html so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // One route for every file, looked up on request: registering a route per file (over 500
      // with the compressed copies) took a noticeable share of every start (docs/decisions/054).
      // A path with no file falls through to the not-found handler below.
      wildcard: true,
      index: false,
      cacheControl: false,
      // scripts/web-build.mjs writes .br and .gz beside each asset.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The wildcard route would look for a file named "" there.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PATHS.some((prefix) =>
      prefix.endsWith('/') ? url.startsWith(prefix) : url === prefix || url.startsWith(`${prefix}/`),
    );
    if (request.method !== 'GET' || isServerPath || !built) {
      if (!built && !isServerPath && request.method === 'GET') {
        return reply
          .code(503)
          .type('text/plain')
          .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
      }
      return reply.code(404).send({ error: { code: 'not_found', message: errorMessages.not_found } });
    }
    return sendIndex(reply);
  });
}

function sendIndex(reply: FastifyReply) {
  return reply
    .header('Cache-Control', 'no-cache')
    .type('text/html')
    .sendFile('index.html', { cacheControl: false });
}
