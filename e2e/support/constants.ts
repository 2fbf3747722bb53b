// Ports can be moved (E2E_PORT_BASE) so two runs on one machine do not collide.
const base = Number(process.env.E2E_PORT_BASE ?? 0);
export const APP_PORT = 3100 + base;
export const APP_URL = `http://localhost:${APP_PORT}`;
export const FAKE_SMTP_PORT = 2526 + base;
export const FAKE_SMTP_HTTP_PORT = 2527 + base;
