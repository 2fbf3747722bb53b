import type { FastifyInstance } from 'fastify';

/*
 * Security headers, worked out once at start-up and set as ready-made strings (helmet built its
 * middleware and parsed the CSP again on every request: a third of a cached API answer's CPU
 * time, docs/decisions/054). Which headers a response needs depends on what a browser does
 * with it:
 * - every response: no MIME sniffing (a JSON or text body is never run as HTML or script), no
 *   reading by other sites' no-cors requests, and HTTPS only from then on where the site is
 *   served over HTTPS;
 * - a document a browser may render (HTML, an SVG image, anything not JSON) besides: the
 *   Content-Security-Policy and the isolation, framing and referrer headers. The values are
 *   those helmet sent with the same settings.
 * A JSON answer is never rendered as a document: those headers would be 600 bytes of nothing.
 */

export interface SecurityHeaderOptions {
  /** Served over HTTPS: HSTS, and the CSP upgrades insecure requests. */
  https: boolean;
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Toast and dialog libraries inject <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
];

/** The headers every response carries, hijacked ones (event streams, MCP) included. */
export function everyResponseHeaders({ https }: SecurityHeaderOptions): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(https && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  };
}

/** What a response a browser may render as a document carries besides. */
export function documentHeaders({ https }: SecurityHeaderOptions): Record<string, string> {
  const policy = https ? [...CONTENT_SECURITY_POLICY, 'upgrade-insecure-requests'] : CONTENT_SECURITY_POLICY;
  return {
    'content-security-policy': policy.join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const always = Object.entries(everyResponseHeaders(options));
  const documents = documentHeaders(options);
  // On the raw response, as helmet did: a reply that is hijacked keeps them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of always) reply.raw.setHeader(name, value);
    done();
  });
  // Once the body's type is known.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!isJson(reply.getHeader('content-type'))) reply.headers(documents);
    done(null, payload);
  });
}
