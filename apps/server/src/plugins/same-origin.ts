import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** Requests that change nothing need no origin check. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The content types an HTML form on another site can send (and a `no-cors` fetch), so the
 * only ones a cross-site request can carry without a CORS preflight, which this server never
 * grants. JSON is not among them.
 */
const FORM_CONTENT_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

/** An origin in its canonical form (lower-case host, default port dropped); undefined if it is none. */
function canonicalOrigin(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * onRequest hook for the routes a browser's cookie authenticates (refresh, sign-out) or sets
 * (sign-in, demo entry): CSRF protection (docs/decisions/029).
 *
 * - A request naming its origin (`Origin`, else the origin of `Referer`) passes only when that
 *   is PUBLIC_URL's origin or the origin the request itself was addressed to (its Host, or the
 *   proxy's X-Forwarded-Host/-Proto when TRUST_PROXY is on). `Origin: null` (sandboxed frames,
 *   privacy-stripped forms) never passes.
 * - A request naming no origin comes from a non-browser client (browsers send `Origin` on every
 *   cross-origin POST) and passes, unless its content type is one a cross-site form could send:
 *   an old browser that leaves `Origin` off is then still refused.
 *
 * Bearer-authenticated routes (/api, /api/v1, /mcp) need none of this: a browser never attaches
 * an Authorization header on its own.
 */
export function createSameOriginHook(publicUrl: string) {
  const publicOrigin = canonicalOrigin(publicUrl);
  return async function refuseCrossSiteRequest(request: FastifyRequest): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    const named = request.headers.origin ?? request.headers.referer;
    if (named === undefined) {
      const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (contentType && FORM_CONTENT_TYPES.has(contentType)) throw new AppError('cross_site_request');
      return;
    }
    const origin = canonicalOrigin(named);
    if (
      origin &&
      (origin === publicOrigin || origin === canonicalOrigin(`${request.protocol}://${request.host}`))
    )
      return;
    throw new AppError('cross_site_request');
  };
}
