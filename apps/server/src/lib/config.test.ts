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
