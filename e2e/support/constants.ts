export const APP_PORT = 3100;
export const APP_URL = `http://localhost:${APP_PORT}`;
export const FAKE_SMTP_PORT = 2526;
export const FAKE_SMTP_HTTP_PORT = 2527;
