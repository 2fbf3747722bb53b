import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions as chromium } from './support/chromium';
import { FAKE_OPENAI_PORT } from './fake-servers/fake-openai-server';
import { FAKE_LINKEDIN_APP, FAKE_LINKEDIN_PORT, FAKE_REDDIT_PORT } from './fake-servers/fake-social-server';
import { FAKE_TELEGRAM_PORT } from './fake-servers/fake-telegram-server';
import { APP_PORT, APP_URL, FAKE_SMTP_HTTP_PORT, FAKE_SMTP_PORT } from './support/constants';

const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, `test-results${process.env.E2E_PORT_BASE ? `-${APP_PORT}` : ''}`),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI machines have run the same journeys three times slower than a developer's (a 5 s board
  // test took 32 s), so there every wait gets three times the room; a real hang still fails.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 7_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: path.join(
          root,
          process.env.E2E_PORT_BASE ? `reports/e2e-${APP_PORT}.json` : 'reports/e2e.json',
        ),
      },
    ],
  ],
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [
    { name: 'desktop', testIgnore: '**/*.mobile.spec.ts', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      testIgnore: '**/*.desktop.spec.ts',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/fake-servers/smtp-server.ts',
      cwd: root,
      url: `http://127.0.0.1:${FAKE_SMTP_HTTP_PORT}/healthz`,
      env: { FAKE_SMTP_PORT: String(FAKE_SMTP_PORT), FAKE_SMTP_HTTP_PORT: String(FAKE_SMTP_HTTP_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx e2e/fake-servers/fake-openai-server.ts',
      cwd: root,
      url: `http://127.0.0.1:${FAKE_OPENAI_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx e2e/fake-servers/fake-telegram-server.ts',
      cwd: root,
      url: `http://127.0.0.1:${FAKE_TELEGRAM_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx e2e/fake-servers/fake-social-server.ts',
      cwd: root,
      url: `http://127.0.0.1:${FAKE_LINKEDIN_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node e2e/support/start-app.mjs',
      cwd: root,
      url: `${APP_URL}/readyz`,
      env: {
        PORT: String(APP_PORT),
        DATA_DIR: path.join(os.tmpdir(), `doppel-e2e-data-${APP_PORT}`),
        DATABASE_URL: '',
        PUBLIC_URL: APP_URL,
        SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        // Every test signs up from 127.0.0.1; the limits themselves are covered by HTTP tests.
        AUTH_RATE_LIMIT_PER_IP: '100000',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000',
        // The fake AI server listens on 127.0.0.1.
        AI_ALLOW_PRIVATE_BASE_URLS: 'true',
        // Knowledge-base links point at a page the test serves on 127.0.0.1.
        FETCH_ALLOW_PRIVATE_ADDRESSES: 'true',
        // Messenger bots talk to the fake Telegram Bot API.
        TELEGRAM_API_URL: `http://127.0.0.1:${FAKE_TELEGRAM_PORT}`,
        // Reddit and LinkedIn: their consent pages and APIs on the fakes. LinkedIn's app is the
        // server's own; Reddit's is entered by the user in Settings.
        REDDIT_BASE_URL: `http://127.0.0.1:${FAKE_REDDIT_PORT}`,
        REDDIT_API_URL: `http://127.0.0.1:${FAKE_REDDIT_PORT}`,
        LINKEDIN_AUTH_URL: `http://127.0.0.1:${FAKE_LINKEDIN_PORT}`,
        LINKEDIN_API_URL: `http://127.0.0.1:${FAKE_LINKEDIN_PORT}`,
        LINKEDIN_CLIENT_ID: FAKE_LINKEDIN_APP.clientId,
        LINKEDIN_CLIENT_SECRET: FAKE_LINKEDIN_APP.clientSecret,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
