import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_SECONDS } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { AppError } from '../../lib/app-error';
import {
  REFRESH_COOKIE,
  bearerToken,
  clearRefreshCookie,
  clientInfo,
  setRefreshCookie,
} from '../../plugins/authenticate';
import { createSameOriginHook } from '../../plugins/same-origin';
import { languageFromHeader } from '../../lib/request-language';
import { limitAuthAttempt } from './auth-rate-rules';
import { KNOWN_DEVICE_COOKIE, setKnownDeviceCookie } from './known-device';
import { MFA_DEVICE_COOKIE, setMfaDeviceCookie } from './mfa-device';
import { signInWithMfa } from './mfa-sign-in';
import { endSession, rotateSession } from './sessions';
import { signIn, type SignedIn, type SignInCookies } from './sign-in';
import { signUp } from './sign-up';
import { resendVerification, verifyEmail } from './verify-email';
import { requestPasswordReset, resetPassword } from './reset-password';
import { confirmEmailChange } from './confirm-email-change';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  // The refresh cookie is scoped to this prefix, so browsers send it with every request here:
  // none of them may come from another site.
  app.addHook('onRequest', createSameOriginHook(ctx.config.publicUrl));

  on('auth.signUp', async (request, reply) => {
    const language = request.body.language ?? languageFromHeader(request.headers['accept-language']);
    return reply.code(201).send(await signUp(ctx, { ...request.body, language }, clientInfo(request)));
  });

  const signInCookies = (request: FastifyRequest): SignInCookies => ({
    knownDevice: request.cookies[KNOWN_DEVICE_COOKIE],
    mfaDevice: request.cookies[MFA_DEVICE_COOKIE],
  });
  const startSignedIn = (reply: FastifyReply, issued: SignedIn) => {
    setRefreshCookie(reply, ctx, issued.refreshToken, REFRESH_TOKEN_TTL_SECONDS);
    setKnownDeviceCookie(reply, ctx, issued.knownDeviceCookie);
    return issued.session;
  };

  on('auth.signIn', async (request, reply) => {
    const outcome = await signIn(ctx, request.body, clientInfo(request), signInCookies(request));
    // With MFA on, the password step ends in the code step's challenge and no session yet.
    return 'mfaRequired' in outcome ? outcome : startSignedIn(reply, outcome);
  });

  on('auth.signInMfa', async (request, reply) => {
    const issued = await signInWithMfa(ctx, request.body, clientInfo(request), signInCookies(request));
    if (issued.mfaDeviceCookie) setMfaDeviceCookie(reply, ctx, issued.mfaDeviceCookie);
    return startSignedIn(reply, issued);
  });

  on('auth.refresh', async (request, reply) => {
    await limitAuthAttempt(ctx, 'refresh', { ip: request.ip });
    try {
      const issued = await rotateSession(ctx, request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, ctx, issued.refreshToken, REFRESH_TOKEN_TTL_SECONDS);
      return issued.session;
    } catch (error) {
      if (error instanceof AppError) clearRefreshCookie(reply, ctx);
      throw error;
    }
  });

  on('auth.signOut', async (request, reply) => {
    let sessionId: string | undefined;
    const token = bearerToken(request);
    if (token)
      sessionId = await ctx.accessTokens.verify(token).then(
        (c) => c.sessionId,
        () => undefined,
      );
    await endSession(ctx, request.cookies[REFRESH_COOKIE], sessionId);
    clearRefreshCookie(reply, ctx);
    return { ok: true as const };
  });

  on('auth.verifyEmail', async (request) => {
    await limitAuthAttempt(ctx, 'reset', { ip: request.ip });
    await verifyEmail(ctx, request.body.token);
    return { ok: true as const };
  });

  on('auth.resendVerification', async (request) => {
    await resendVerification(ctx, request.body, clientInfo(request));
    return { ok: true as const };
  });

  on('auth.forgotPassword', async (request) => {
    await requestPasswordReset(ctx, request.body, clientInfo(request));
    return { ok: true as const };
  });

  on('auth.resetPassword', async (request, reply) => {
    await resetPassword(ctx, request.body, clientInfo(request));
    clearRefreshCookie(reply, ctx);
    return { ok: true as const };
  });

  // Public: the link may be opened in another browser than the one that asked for the change.
  on('auth.confirmEmailChange', async (request) => {
    await limitAuthAttempt(ctx, 'reset', { ip: request.ip });
    await confirmEmailChange(ctx, request.body.token);
    return { ok: true as const };
  });
}
