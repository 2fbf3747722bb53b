import path from 'node:path';
import { MAX_TOKEN_QUOTA } from '@doppel/contracts';
import { z } from 'zod';
import type { RetryPolicy } from './retrying-fetch';
import { serverPackageDir } from './server-package';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads; README.md lists them with these defaults. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).default('Doppel <no-reply@doppel.local>'),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  WEB_DIST_DIR: z.string().optional(),
  AI_PROVIDER: z.enum(['openai', 'anthropic', 'openai-compatible']).optional(),
  AI_BASE_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'AI_BASE_URL must be an http or https address')
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  AI_ALLOW_PRIVATE_BASE_URLS: booleanFromEnv.default(false),
  FETCH_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.default(false),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** Without a version in its path, WHATSAPP_API_VERSION is added; one in it (…/v21.0) is kept. */
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com'),
  /** The Graph API version (v26.0 came out on 2026-07-29; Meta keeps each for about two years). */
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,2}$/, 'must look like v26.0')
    .default('v26.0'),
  SLACK_API_URL: z.string().url().default('https://slack.com/api'),
  DISCORD_API_URL: z.string().url().default('https://discord.com/api/v10'),
  PIPEDRIVE_BASE_URL: z.string().url().default('https://api.pipedrive.com'),
  APOLLO_BASE_URL: z.string().url().default('https://api.apollo.io'),
  HUNTER_BASE_URL: z.string().url().default('https://api.hunter.io'),
  PEOPLE_DATA_LABS_BASE_URL: z.string().url().default('https://api.peopledatalabs.com'),
  LUSHA_BASE_URL: z.string().url().default('https://api.lusha.com'),
  SNOV_BASE_URL: z.string().url().default('https://api.snov.io'),
  ROCKETREACH_BASE_URL: z.string().url().default('https://api.rocketreach.co'),
  /** Reddit's site: the OAuth consent page and token endpoint (/api/v1/…), and permalinks. */
  REDDIT_BASE_URL: z.string().url().default('https://www.reddit.com'),
  /** Reddit's OAuth API, where listings are read and posts and comments are made. */
  REDDIT_API_URL: z.string().url().default('https://oauth.reddit.com'),
  /** The server's Reddit app (reddit.com/prefs/apps, type "web app"); users may enter their own. */
  REDDIT_CLIENT_ID: z.string().min(1).optional(),
  REDDIT_CLIENT_SECRET: z.string().min(1).optional(),
  /** LinkedIn's site: the OAuth consent page and token endpoint (/oauth/v2/…). */
  LINKEDIN_AUTH_URL: z.string().url().default('https://www.linkedin.com'),
  /** LinkedIn's API: OpenID userinfo and the Posts API. */
  LINKEDIN_API_URL: z.string().url().default('https://api.linkedin.com'),
  /** The Posts API version (LinkedIn-Version, YYYYMM); LinkedIn keeps each for a year. */
  LINKEDIN_API_VERSION: z
    .string()
    .regex(/^20\d{4}$/, 'must look like 202610')
    .default('202610'),
  /** The server's LinkedIn app (Sign In with LinkedIn using OpenID Connect, Share on LinkedIn). */
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'S3_ENDPOINT must be an http or https address')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  S3_PREFIX: z
    .string()
    .regex(
      /^[\w-][\w.-]*(\/[\w-][\w.-]*)*\/?$/,
      'S3_PREFIX must be a folder such as doppel/ (letters, digits, . _ -; no part starting with a dot)',
    )
    .optional(),
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'ROLE must be all, web or worker' }).default('all'),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Stripe billing (issue 23): without the secret key the instance is self-hosted only. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the webhook endpoint (whsec_…), which every delivery is checked with. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe API is; tests point it at a fake on 127.0.0.1. */
  STRIPE_API_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'STRIPE_API_URL must be an http or https address')
    .optional(),
  /** The plans on offer, a JSON array (README.md); prices' amounts come from Stripe itself. */
  STRIPE_PLANS: z.string().optional(),
});

/** The Graph API base with its version: the one in the URL's path when it has one, else `version`. */
function graphApiUrl(url: string, version: string): string {
  const base = url.replace(/\/+$/, '');
  return /\/v\d+\.\d+$/.test(base) ? base : `${base}/${version}`;
}

/**
 * What a process does (docs/decisions/027): `all` serves HTTP and runs the background work (the
 * one-process quick start), `web` only serves HTTP, `worker` only runs jobs and schedules and
 * answers its health checks.
 */
export type ProcessRole = 'all' | 'web' | 'worker';

export interface MessengerApiUrls {
  telegram: string;
  whatsapp: string;
  slack: string;
  discord: string;
}

/** This server's Stripe account (issue 23). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The API's base URL: https://api.stripe.com unless STRIPE_API_URL says otherwise. */
  apiUrl: string;
  plans: StripePlanConfig[];
}

/** One plan of STRIPE_PLANS: Stripe prices for each period; its quota is ours to grant. */
export interface StripePlanConfig {
  id: string;
  name: string;
  /** Tokens a month while the plan is paid for. */
  tokenQuota: number;
  monthlyPriceId: string;
  /** The annual option (typically discounted); null when the plan is sold monthly only. */
  yearlyPriceId: string | null;
}

/** An OAuth app's client credentials. */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

/** Both halves or none: an id without its secret cannot sign a token request. */
function oauthApp(clientId: string | undefined, clientSecret: string | undefined): OAuthApp | null {
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  secretKey: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  authRateLimit: { perIp: number; perEmail: number; windowSeconds: number };
  webDistDir: string;
  /** Cookies get the Secure flag when the public address is https. */
  secureCookies: boolean;
  /** The server-wide model; null = the offline drafting engine. */
  ai: AiServerModelConfig | null;
  /** Per language-model call, retries included. */
  aiTimeoutMs: number;
  /**
   * Whether users' own model base URLs may point at loopback or private addresses (a local
   * Ollama on a single-user install). Off by default: otherwise any user could make the server
   * call its own network.
   */
  aiAllowPrivateBaseUrls: boolean;
  /**
   * Whether pages users name (knowledge-base links) may be fetched from loopback or private
   * addresses. Off by default, for the same reason; tests turn it on for their local pages.
   */
  fetchAllowPrivateAddresses: boolean;
  /** Base URLs of the messenger platforms' APIs; tests point them at fake servers. */
  messengerApiUrls: MessengerApiUrls;
  /** How calls to the platforms retry (tests shorten the waits); the default when undefined. */
  messengerRetry?: RetryPolicy;
  /** Base URLs of the lead-source and enrichment providers' APIs; tests point them at fake servers. */
  growthApiUrls: GrowthApiUrls;
  /** How calls to those providers retry (tests shorten the waits); the default when undefined. */
  growthRetry?: RetryPolicy;
  /**
   * How lookups that answer later (Snov.io, RocketReach) are read until ready (tests shorten the
   * waits); the default when undefined.
   */
  growthPoll?: PollPolicy;
  /**
   * Reddit and LinkedIn through OAuth (issue 19): where each platform's consent page and API are,
   * and the server's own OAuth apps (null: users enter their own in Settings).
   */
  social: {
    reddit: { siteUrl: string; apiUrl: string; app: OAuthApp | null };
    linkedin: { siteUrl: string; apiUrl: string; apiVersion: string; app: OAuthApp | null };
  };
  /**
   * The Bearer token /metrics asks for; without it /metrics answers only direct connections
   * from this machine (lib/metrics.ts).
   */
  metricsToken: string | undefined;
  /** The S3-compatible bucket for uploaded originals (S3_BUCKET); null = DATA_DIR/files. */
  objectStorage: ObjectStorageConfig | null;
  /** Stripe billing; null: no payments, every account is on the self-hosted plan. */
  stripe: StripeConfig | null;
  role: ProcessRole;
  /** How long a worker's claim on a job holds before another worker may take the job over. */
  jobLeaseMs: number;
  /** How many jobs one process's worker runs at once, all kinds together. */
  jobConcurrency: number;
}

export interface ObjectStorageConfig {
  bucket: string;
  /** Unset for AWS S3; the server's address for MinIO, R2 and the like. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** '' or a folder ending in '/', put before every key. */
  prefix: string;
}

export interface GrowthApiUrls {
  pipedrive: string;
  apollo: string;
  hunter: string;
  peopleDataLabs: string;
  lusha: string;
  snov: string;
  rocketreach: string;
}

/** How an unfinished provider lookup is read again: this many times, waiting this long before each. */
export interface PollPolicy {
  attempts: number;
  intervalMs: number;
}

export interface AiServerModelConfig {
  provider: 'openai' | 'anthropic' | 'openai-compatible';
  model: string;
  baseUrl: string | undefined;
  apiKey: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (shells and CI often export blanks).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.AI_PROVIDER && !e.AI_MODEL)
    throw new ConfigError('Invalid configuration:\n  AI_MODEL: required when AI_PROVIDER is set');
  if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_BASE_URL: required when AI_PROVIDER is openai-compatible',
    );
  }
  const objectStorage = objectStorageConfig(e);
  // The embedded database belongs to one process, so a split into web and workers needs PostgreSQL.
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: ${e.ROLE} needs DATABASE_URL (PostgreSQL); the embedded database serves one process, ROLE=all`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    secretKey: e.SECRET_KEY,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverPackageDir, '../web/dist')),
    secureCookies: publicUrl.startsWith('https://'),
    ai: e.AI_PROVIDER
      ? { provider: e.AI_PROVIDER, model: e.AI_MODEL!, baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY }
      : null,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    aiAllowPrivateBaseUrls: e.AI_ALLOW_PRIVATE_BASE_URLS,
    fetchAllowPrivateAddresses: e.FETCH_ALLOW_PRIVATE_ADDRESSES,
    messengerApiUrls: {
      telegram: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
      whatsapp: graphApiUrl(e.WHATSAPP_API_URL, e.WHATSAPP_API_VERSION),
      slack: e.SLACK_API_URL.replace(/\/+$/, ''),
      discord: e.DISCORD_API_URL.replace(/\/+$/, ''),
    },
    growthApiUrls: {
      pipedrive: e.PIPEDRIVE_BASE_URL.replace(/\/+$/, ''),
      apollo: e.APOLLO_BASE_URL.replace(/\/+$/, ''),
      hunter: e.HUNTER_BASE_URL.replace(/\/+$/, ''),
      peopleDataLabs: e.PEOPLE_DATA_LABS_BASE_URL.replace(/\/+$/, ''),
      lusha: e.LUSHA_BASE_URL.replace(/\/+$/, ''),
      snov: e.SNOV_BASE_URL.replace(/\/+$/, ''),
      rocketreach: e.ROCKETREACH_BASE_URL.replace(/\/+$/, ''),
    },
    social: {
      reddit: {
        siteUrl: e.REDDIT_BASE_URL.replace(/\/+$/, ''),
        apiUrl: e.REDDIT_API_URL.replace(/\/+$/, ''),
        app: oauthApp(e.REDDIT_CLIENT_ID, e.REDDIT_CLIENT_SECRET),
      },
      linkedin: {
        siteUrl: e.LINKEDIN_AUTH_URL.replace(/\/+$/, ''),
        apiUrl: e.LINKEDIN_API_URL.replace(/\/+$/, ''),
        apiVersion: e.LINKEDIN_API_VERSION,
        app: oauthApp(e.LINKEDIN_CLIENT_ID, e.LINKEDIN_CLIENT_SECRET),
      },
    },
    metricsToken: e.METRICS_TOKEN,
    objectStorage,
    stripe: stripeConfig(e),
    role: e.ROLE,
    jobLeaseMs: e.JOB_LEASE_MS,
    jobConcurrency: e.JOB_CONCURRENCY,
  };
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** S3_BUCKET turns object storage on; the other S3_* settings mean nothing without it. */
function objectStorageConfig(e: z.infer<typeof envSchema>): ObjectStorageConfig | null {
  if (!e.S3_BUCKET) {
    const stray = S3_SETTINGS.filter((name) => e[name] !== undefined);
    if (stray.length === 0) return null;
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: required when ${stray.join(', ')} is set`);
  }
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: both required when S3_BUCKET is set',
    );
  }
  const endpoint = e.S3_ENDPOINT?.replace(/\/+$/, '');
  // Cloudflare R2 takes only the region "auto"; AWS and MinIO default to us-east-1.
  const r2 = endpoint !== undefined && new URL(endpoint).hostname.endsWith('.r2.cloudflarestorage.com');
  return {
    bucket: e.S3_BUCKET,
    endpoint,
    region: e.S3_REGION ?? (r2 ? 'auto' : 'us-east-1'),
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // Servers of our own (MinIO) seldom have a wildcard DNS name per bucket; AWS wants the bucket in the host.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
    prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
  };
}

const STRIPE_SETTINGS = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_PLANS'] as const;

/** A Stripe object id: letters, digits and underscores (price_1Q…). */
const stripeId = z.string().regex(/^\w{1,255}$/, 'must be a Stripe id such as price_1QxYz…');

const stripePlansSchema = z
  .array(
    z.strictObject({
      id: z
        .string()
        .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'must be 1 to 40 lower-case letters, digits, _ and -'),
      name: z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'),
      tokenQuota: z
        .number({ error: 'must be a whole number of tokens' })
        .int('must be a whole number of tokens')
        .min(0, 'must not be negative')
        .max(MAX_TOKEN_QUOTA, `must be at most ${MAX_TOKEN_QUOTA}`),
      monthlyPriceId: stripeId,
      yearlyPriceId: stripeId.optional(),
    }),
    { error: 'must be a JSON array of plans' },
  )
  .min(1, 'must name at least one plan')
  .superRefine((plans, issues) => {
    const ids = plans.map((plan) => plan.id);
    const prices = plans.flatMap((plan) => [plan.monthlyPriceId, plan.yearlyPriceId ?? []].flat());
    if (new Set(ids).size !== ids.length)
      issues.addIssue({ code: 'custom', message: 'plan ids must differ' });
    // A subscription's price says which plan it is, so no price may stand for two.
    if (new Set(prices).size !== prices.length)
      issues.addIssue({ code: 'custom', message: 'each price id may appear once only' });
  });

/**
 * STRIPE_SECRET_KEY turns billing on and then needs the webhook secret (unverified events would
 * let anyone grant themselves a plan) and the plans; the other STRIPE_* mean nothing without it.
 * Errors name the setting and the plan's place, never a secret.
 */
function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY) {
    const stray = STRIPE_SETTINGS.filter((name) => e[name] !== undefined);
    if (stray.length === 0) return null;
    throw new ConfigError(
      `Invalid configuration:\n  STRIPE_SECRET_KEY: required when ${stray.join(', ')} is set`,
    );
  }
  if (!e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint, whsec_…)',
    );
  }
  if (!e.STRIPE_PLANS) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_PLANS: required when STRIPE_SECRET_KEY is set');
  }
  let json: unknown;
  try {
    json = JSON.parse(e.STRIPE_PLANS);
  } catch {
    throw new ConfigError('Invalid configuration:\n  STRIPE_PLANS: is not valid JSON');
  }
  const plans = stripePlansSchema.safeParse(json);
  if (!plans.success) {
    const where = (path: PropertyKey[]) =>
      path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    const problems = plans.error.issues.map((issue) => `STRIPE_PLANS${where(issue.path)}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: (e.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
    plans: plans.data.map((plan) => ({ ...plan, yearlyPriceId: plan.yearlyPriceId ?? null })),
  };
}
