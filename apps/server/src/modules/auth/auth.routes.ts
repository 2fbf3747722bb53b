import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  forgotPasswordInputSchema,
  okSchema,
  resetPasswordInputSchema,
  sessionSchema,
  signInInputSchema,
  signUpInputSchema,
  signUpResultSchema,
  tokenInputSchema,
} from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import {
  REFRESH_COOKIE,
  bearerToken,
  clearRefreshCookie,
  clientInfo,
  setRefreshCookie,
} from '../../plugins/authenticate';
import { languageFromHeader } from '../../lib/request-language';
import { limitAuthAttempt } from './auth-rate-rules';
import { endSession, rotateSession } from './sessions';
import { signIn } from './sign-in';
import { signUp } from './sign-up';
import { resendVerification, verifyEmail } from './verify-email';
import { requestPasswordReset, resetPassword } from './reset-password';
import { confirmEmailChange } from '../profile/confirm-email-change';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/sign-up',
    { schema: { tags, body: signUpInputSchema, response: { 201: signUpResultSchema } } },
    async (request, reply) => {
      const language = request.body.language ?? languageFromHeader(request.headers['accept-language']);
      return reply.code(201).send(await signUp(ctx, { ...request.body, language }, clientInfo(request)));
    },
  );

  r.post(
    '/sign-in',
    { schema: { tags, body: signInInputSchema, response: { 200: sessionSchema } } },
    async (request, reply) => {
      const issued = await signIn(ctx, request.body, clientInfo(request));
      setRefreshCookie(reply, ctx, issued.refreshToken, REFRESH_TOKEN_TTL_SECONDS);
      return issued.session;
    },
  );

  r.post('/refresh', { schema: { tags, response: { 200: sessionSchema } } }, async (request, reply) => {
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

  r.post('/sign-out', { schema: { tags, response: { 200: okSchema } } }, async (request, reply) => {
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

  r.post(
    '/verify-email',
    { schema: { tags, body: tokenInputSchema, response: { 200: okSchema } } },
    async (request) => {
      await limitAuthAttempt(ctx, 'reset', { ip: request.ip });
      await verifyEmail(ctx, request.body.token);
      return { ok: true as const };
    },
  );

  r.post(
    '/resend-verification',
    { schema: { tags, body: forgotPasswordInputSchema, response: { 200: okSchema } } },
    async (request) => {
      await resendVerification(ctx, request.body, clientInfo(request));
      return { ok: true as const };
    },
  );

  r.post(
    '/forgot-password',
    { schema: { tags, body: forgotPasswordInputSchema, response: { 200: okSchema } } },
    async (request) => {
      await requestPasswordReset(ctx, request.body, clientInfo(request));
      return { ok: true as const };
    },
  );

  r.post(
    '/reset-password',
    { schema: { tags, body: resetPasswordInputSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      await resetPassword(ctx, request.body, clientInfo(request));
      clearRefreshCookie(reply, ctx);
      return { ok: true as const };
    },
  );

  // Public: the link may be opened in another browser than the one that asked for the change.
  r.post(
    '/confirm-email-change',
    { schema: { tags, body: tokenInputSchema, response: { 200: okSchema } } },
    async (request) => {
      await limitAuthAttempt(ctx, 'reset', { ip: request.ip });
      await confirmEmailChange(ctx, request.body.token);
      return { ok: true as const };
    },
  );
}
