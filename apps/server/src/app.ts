import os from 'node:os';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { connectionFailureIn, type Database } from '@doppel/db';
import type { Config } from './lib/config';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import type { AppContext } from './lib/context';
import { deriveKey, loadMasterSecret } from './lib/secret-key';
import { createSecretBox } from './lib/secret-box';
import { createMailer } from './integrations/email/mailer';
import { createAccessTokens } from './lib/access-tokens';
import { authRoutes, createAuthenticateHook, mfaRoutes } from './modules/auth';
import { demoRoutes } from './modules/demo';
import { healthRoutes } from './modules/health';
import { avatarFileRoutes, profileRoutes } from './modules/profile';
import { settingsRoutes } from './modules/settings';
import { notificationsRoutes } from './modules/notifications';
import { shellRoutes } from './modules/shell';
import { billingRoutes, stripeWebhookRoutes, subscriptionRoutes } from './modules/subscription';
import { tasksRoutes } from './modules/tasks';
import { contactMergeRoutes } from './modules/contact-merge';
import { contactsRoutes } from './modules/contacts';
import { eventsRoutes } from './modules/events';
import { aiModelsRoutes } from './modules/ai-models';
import { usageRoutes } from './modules/usage';
import { agentRoutes } from './modules/agent';
import { personasRoutes } from './modules/personas';
import { learnedVoiceRoutes } from './modules/drafting';
import { highConceptRoutes } from './modules/high-concept';
import { knowledgeRoutes } from './modules/knowledge';
import { messengersRoutes, webhooksRoutes } from './modules/messengers';
import { socialAccountsRoutes } from './modules/social-accounts';
import { apiKeysRoutes } from './modules/api-keys';
import { mcpServersRoutes } from './modules/mcp-servers';
import { campaignsRoutes, unsubscribeRoutes } from './modules/campaigns';
import { instancePublicRoutes, instanceRoutes } from './modules/instance';
import { signalsRoutes } from './modules/signals';
import { createApiKeyHook } from './public-api/api-key-auth';
import { publicApiRoutes } from './public-api/v1.routes';
import { registerPublicApiDocs } from './public-api/public-api-docs';
import { mcpRoutes } from './mcp/server';
import { createBackgroundWork } from './lib/background-work';
import { createJobQueue } from './lib/job-queue';
import { safeLoggerOptions } from './lib/safe-logging';
import { registerJobHandlers, registerSchedules, subscribeToDomainEvents } from './background';
import { createFileStore } from './integrations/storage/file-store';
import { createThreadPool } from './lib/thread-pool';
import { createChangeFeed } from './lib/change-feed';
import { createMetrics } from './lib/metrics';
import { createDomainEvents } from './lib/domain-events';
import { registerErrorHandler } from './plugins/error-handler';
import {
  answerFrameworkError,
  parseJsonBody,
  parseQueryString,
  refuseHostileUrl,
} from './plugins/refuse-hostile-text';
import { registerWebApp } from './plugins/web-app';
import { registerSecurityHeaders } from './plugins/security-headers';

/** Requests that change nothing need not wait for the change feed. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Node's own figures (CPU, memory, event-loop lag) at /metrics; main.ts turns them on. */
  processMetrics?: boolean;
}

export interface DoppelApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole HTTP surface on an open database; main.ts and the tests both start here. */
export async function buildApp(options: BuildAppOptions): Promise<DoppelApp> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: safeLoggerOptions(options.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Stops accepting at close and lets in-flight requests finish (graceful shutdown).
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    // One parse of the query, which also finds text no column can store (refuseHostileUrl).
    routerOptions: { querystringParser: parseQueryString },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Refuses text no column can store (NUL, half a surrogate pair) in the body and the URL.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  app.addHook('onRequest', refuseHostileUrl);

  const master = loadMasterSecret(config.secretKey, config.dataDir);
  const metrics = createMetrics({
    db: database.db,
    clock,
    poolStats: () => database.poolStats(),
    processMetrics: options.processMetrics,
  });
  // A pooled connection the database dropped while idle is replaced on the next query; the
  // requests that were using one answer 503 (plugins/error-handler.ts, docs/decisions/025).
  const stopConnectionLog = database.onConnectionLost((error) =>
    app.log.warn(
      { database: connectionFailureIn(error) ?? { message: error.message } },
      'a pooled database connection was lost',
    ),
  );
  const events = await createChangeFeed(database, app.log);
  // A write's own changes reach this process's caches before anyone learns it is done, so
  // the next read never serves what the write changed (lib/change-feed.ts).
  const caughtUp = () => events.caughtUp();
  const jobs = createJobQueue({
    db: database.db,
    clock,
    log: app.log,
    leaseMs: config.jobLeaseMs,
    concurrency: config.jobConcurrency,
    listen: (channel, onMessage, hooks) => database.listen(channel, onMessage, hooks),
    afterEach: caughtUp,
  });
  // Records email and queues its delivery; background.ts registers the job that sends it.
  const mailer = createMailer({ db: database.db, jobs, smtpUrl: config.smtpUrl, log: app.log, metrics });
  const ctx: AppContext = {
    db: database.db,
    vectorSearch: database.vectorSearch,
    config,
    clock,
    mailer,
    accessTokens: createAccessTokens(deriveKey(master, 'access-jwt'), clock),
    log: app.log,
    events,
    secrets: createSecretBox(deriveKey(master, 'secrets-at-rest')),
    deriveKey: (purpose) => deriveKey(master, purpose),
    background: createBackgroundWork(app.log, caughtUp),
    jobs,
    domainEvents: createDomainEvents(database.db, jobs, app.log),
    files: await createFileStore(config),
    metrics,
    // Small: it keeps the event loop free, it does not make the machine faster (decision 027).
    threads: createThreadPool({
      size: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      maxHeapMb: 1024,
      // Below the event loop: when cores are short, requests go first (lib/thread-pool.worker.ts).
      nice: 10,
      log: app.log,
    }),
  };
  registerJobHandlers(ctx);
  registerSchedules(ctx, database);
  subscribeToDomainEvents(ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.background.settled();
    await ctx.threads.close();
    await ctx.events.close();
    stopConnectionLog();
  });

  registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Doppel private API',
        version: '0.1.0',
        description: 'The JSON API of the Doppel web app (session auth).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  registerErrorHandler(app);
  // Callback style: a read, most requests, passes straight through without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (READ_ONLY_METHODS.has(request.method)) return done(null, payload);
    caughtUp().then(() => done(null, payload), done);
  });

  app.addHook('onResponse', (request, reply, done) => {
    // An event stream's "duration" is how long a tab stayed open, not a latency.
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/event-stream')) {
      // The route's pattern, never the raw URL: one series per route, whatever the ids.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });

  await app.register(healthRoutes, {
    ping: () => database.ping(),
    metrics,
    metricsToken: config.metricsToken,
  });
  // A worker process runs jobs and schedules and answers only its health checks (and /metrics).
  if (config.role === 'worker') return { app, ctx };
  await app.register(async (scope) => {
    // Only signing in reads and sets cookies (refresh, known device, remembered MFA device):
    // every other request is spared parsing them.
    await scope.register(fastifyCookie);
    await scope.register(authRoutes, { prefix: '/api/auth', ctx });
    await scope.register(demoRoutes, { prefix: '/api', ctx });
  });
  await app.register(unsubscribeRoutes, { prefix: '/api', ctx });
  // Avatar images: img tags send no bearer token, so the random key is the authority.
  await app.register(avatarFileRoutes, { prefix: '/api', ctx });
  await app.register(instancePublicRoutes, { prefix: '/api', ctx });
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', createAuthenticateHook(ctx));
      await scope.register(profileRoutes, { ctx });
      await scope.register(mfaRoutes, { ctx });
      await scope.register(settingsRoutes, { ctx });
      await scope.register(notificationsRoutes, { ctx });
      await scope.register(subscriptionRoutes, { ctx });
      await scope.register(billingRoutes, { ctx });
      await scope.register(instanceRoutes, { ctx });
      await scope.register(shellRoutes, { ctx });
      await scope.register(tasksRoutes, { ctx });
      await scope.register(contactsRoutes, { ctx });
      await scope.register(contactMergeRoutes, { ctx });
      await scope.register(aiModelsRoutes, { ctx });
      await scope.register(usageRoutes, { ctx });
      await scope.register(agentRoutes, { ctx });
      await scope.register(personasRoutes, { ctx });
      await scope.register(learnedVoiceRoutes, { ctx });
      await scope.register(highConceptRoutes, { ctx });
      await scope.register(knowledgeRoutes, { ctx });
      await scope.register(messengersRoutes, { ctx });
      await scope.register(socialAccountsRoutes, { ctx });
      await scope.register(apiKeysRoutes, { ctx });
      await scope.register(mcpServersRoutes, { ctx });
      await scope.register(campaignsRoutes, { ctx });
      await scope.register(signalsRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await app.register(async (scope) => {
    scope.addHook('onRequest', createAuthenticateHook(ctx));
    await scope.register(eventsRoutes, { ctx });
  });
  // The platforms call these; each request is verified by its connection's own secrets.
  await app.register(webhooksRoutes, { ctx });
  // Stripe's deliveries, verified by the webhook endpoint's signing secret.
  await app.register(stripeWebhookRoutes, { ctx });
  // Other tools reach the user's data with API keys; their OpenAPI document and docs
  // page answer without a key.
  await registerPublicApiDocs(app, ctx);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', createApiKeyHook(ctx));
      await scope.register(publicApiRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );
  await app.register(mcpRoutes, { ctx });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await registerWebApp(app, config.webDistDir);
  return { app, ctx };
}
