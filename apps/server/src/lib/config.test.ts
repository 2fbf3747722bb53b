import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('AI configuration', () => {
  it('defaults to the offline engine with a 60 s timeout', () => {
    const config = loadConfig({});
    expect(config.ai).toBeNull();
    expect(config.aiTimeoutMs).toBe(60_000);
  });

  it('reads a server-wide model', () => {
    const config = loadConfig({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.1',
      AI_TIMEOUT_MS: '15000',
    });
    expect(config.ai).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
    });
    expect(config.aiTimeoutMs).toBe(15_000);
  });

  it('refuses an incomplete or unsafe model configuration', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'x' })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'x', AI_BASE_URL: 'file:///etc' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ AI_PROVIDER: 'gemini', AI_MODEL: 'x' })).toThrow(ConfigError);
  });
});

describe('object storage configuration', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };

  it('keeps originals on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
  });

  it('reads AWS S3 with its defaults: us-east-1, virtual-hosted names, no prefix', () => {
    expect(loadConfig({ S3_BUCKET: 'doppel-files', ...keys }).objectStorage).toEqual({
      bucket: 'doppel-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('reads MinIO (path-style by default) and Cloudflare R2 (region auto)', () => {
    expect(
      loadConfig({ S3_BUCKET: 'doppel', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_PREFIX: 'prod', ...keys })
        .objectStorage,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'prod/',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'doppel',
        S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'false',
        ...keys,
      }).objectStorage,
    ).toMatchObject({ region: 'auto', forcePathStyle: false });
    expect(
      loadConfig({ S3_BUCKET: 'doppel', S3_REGION: 'eu-central-1', ...keys }).objectStorage?.region,
    ).toBe('eu-central-1');
  });

  it('says what is missing or wrong, and never echoes a secret', () => {
    expect(() => loadConfig({ S3_BUCKET: 'doppel' })).toThrow(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: both required when S3_BUCKET is set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'doppel', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toThrow(
      'Invalid configuration:\n  S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY is set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'Doppel_Files', ...keys })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'ab', ...keys })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'doppel', S3_ENDPOINT: 'ftp://files', ...keys })).toThrow(
      /S3_ENDPOINT must be an http or https address/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'doppel', S3_PREFIX: '../up', ...keys })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_BUCKET: 'doppel', S3_PREFIX: 'a b', ...keys })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_BUCKET: 'doppel', S3_FORCE_PATH_STYLE: 'yes', ...keys })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    const failure = (() => {
      try {
        loadConfig({ S3_BUCKET: 'x', ...keys });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(failure?.message).not.toContain('secret-example');
  });
});

describe('messenger APIs', () => {
  it('call a current Graph API version for WhatsApp, or the one set, or the one in the URL', () => {
    expect(loadConfig({}).messengerApiUrls.whatsapp).toBe('https://graph.facebook.com/v26.0');
    expect(loadConfig({ WHATSAPP_API_VERSION: 'v25.0' }).messengerApiUrls.whatsapp).toBe(
      'https://graph.facebook.com/v25.0',
    );
    expect(
      loadConfig({ WHATSAPP_API_URL: 'http://127.0.0.1:9000/v21.0/', WHATSAPP_API_VERSION: 'v26.0' })
        .messengerApiUrls.whatsapp,
    ).toBe('http://127.0.0.1:9000/v21.0');
    expect(() => loadConfig({ WHATSAPP_API_VERSION: '26' })).toThrow(/WHATSAPP_API_VERSION/);
  });
});

describe('process role and job settings', () => {
  it('run everything in one process by default', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(config.jobLeaseMs).toBe(60_000);
    expect(config.jobConcurrency).toBe(4);
  });

  it('read a web or worker role on PostgreSQL', () => {
    const database = { DATABASE_URL: 'postgres://doppel@db.internal:5432/doppel' };
    expect(loadConfig({ ...database, ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...database, ROLE: 'worker', JOB_LEASE_MS: '5000' })).toMatchObject({
      role: 'worker',
      jobLeaseMs: 5000,
    });
  });

  it('refuse an unknown role, a split without PostgreSQL, and a lease too short to renew', () => {
    expect(() => loadConfig({ ROLE: 'cron' })).toThrow(/ROLE must be all, web or worker/);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ JOB_LEASE_MS: '10' })).toThrow(/JOB_LEASE_MS/);
    expect(() => loadConfig({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY/);
  });
});

describe('Stripe billing configuration', () => {
  const pro = {
    id: 'pro',
    name: 'Pro',
    tokenQuota: 5_000_000,
    monthlyPriceId: 'price_pro_m',
    yearlyPriceId: 'price_pro_y',
  };
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_not-a-real-key',
    STRIPE_WEBHOOK_SECRET: 'whsec_not-a-real-secret',
    STRIPE_PLANS: JSON.stringify([pro]),
  };
  const failureOf = (env: NodeJS.ProcessEnv): string => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is off without STRIPE_SECRET_KEY: every account is self-hosted', () => {
    expect(loadConfig({}).stripe).toBeNull();
  });

  it('reads the key, the webhook secret and the plans, against api.stripe.com unless told', () => {
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: 'sk_test_not-a-real-key',
      webhookSecret: 'whsec_not-a-real-secret',
      apiUrl: 'https://api.stripe.com',
      plans: [pro],
    });
    const monthlyOnly = { id: 'team', name: 'Team', tokenQuota: 20_000_000, monthlyPriceId: 'price_team' };
    expect(
      loadConfig({
        ...stripe,
        STRIPE_PLANS: JSON.stringify([monthlyOnly]),
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
      }).stripe,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:12111', plans: [{ ...monthlyOnly, yearlyPriceId: null }] });
  });

  it('refuses to start with the key but no webhook secret or plans, or with settings but no key', () => {
    expect(failureOf({ ...stripe, STRIPE_WEBHOOK_SECRET: '' })).toMatch(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    expect(failureOf({ ...stripe, STRIPE_PLANS: undefined })).toMatch(
      /STRIPE_PLANS: required when STRIPE_SECRET_KEY is set/,
    );
    expect(failureOf({ STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PLANS: '[]' })).toBe(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET, STRIPE_PLANS is set',
    );
  });

  it('says which plan and which field of STRIPE_PLANS is wrong, never echoing a secret', () => {
    const plans = (value: unknown) => failureOf({ ...stripe, STRIPE_PLANS: JSON.stringify(value) });
    expect(failureOf({ ...stripe, STRIPE_PLANS: '[{"id": "pro",' })).toMatch(
      /STRIPE_PLANS: is not valid JSON/,
    );
    expect(plans({ id: 'pro' })).toMatch(/STRIPE_PLANS: must be a JSON array of plans/);
    expect(plans([])).toMatch(/STRIPE_PLANS: must name at least one plan/);
    expect(plans([pro, { ...pro, tokenQuota: -1, id: 'max' }])).toMatch(
      /STRIPE_PLANS\[1\]\.tokenQuota: must not be negative/,
    );
    expect(plans([{ ...pro, tokenQuota: 1.5 }])).toMatch(
      /STRIPE_PLANS\[0\]\.tokenQuota: must be a whole number/,
    );
    expect(plans([{ ...pro, id: 'Pro Plan' }])).toMatch(/STRIPE_PLANS\[0\]\.id: must be 1 to 40 lower-case/);
    expect(plans([{ ...pro, monthlyPriceId: undefined }])).toMatch(/STRIPE_PLANS\[0\]\.monthlyPriceId/);
    expect(plans([{ ...pro, monthlyPriceId: 'price pro' }])).toMatch(
      /STRIPE_PLANS\[0\]\.monthlyPriceId: must be a Stripe id/,
    );
    expect(plans([{ ...pro, price: 29 }])).toMatch(/STRIPE_PLANS\[0\]: Unrecognized key: "price"/);
    expect(plans([pro, { ...pro, name: 'Pro again' }])).toMatch(/STRIPE_PLANS: plan ids must differ/);
    expect(plans([pro, { ...pro, id: 'pro2' }])).toMatch(/STRIPE_PLANS: each price id may appear once only/);
    expect(failureOf({ ...stripe, STRIPE_API_URL: 'ftp://stripe' })).toMatch(
      /STRIPE_API_URL must be an http or https/,
    );
    expect(plans([])).not.toContain('sk_test_not-a-real-key');
    expect(plans([])).not.toContain('whsec_not-a-real-secret');
  });
});
