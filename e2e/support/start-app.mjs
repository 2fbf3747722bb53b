// Starts Doppel for the end-to-end run on a fresh embedded database, mailing through the fake
// SMTP server. Playwright's webServer runs this; settings come from playwright.config.ts.
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../scripts/start.mjs');
