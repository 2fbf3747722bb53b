export { sendAccountEmail } from './account-emails';
export { limitAuthAttempt } from './auth-rate-rules';
export { authRoutes } from './auth.routes';
export { createAuthenticateHook } from './authenticate-hook';
export { createAccount } from './create-account';
export { issueEmailToken } from './email-tokens';
export { sessionEndsAt, startSession, type IssuedSession } from './sessions';
export { loadUserView } from './user-view';
export { deleteExpiredDemoAccounts, setFullName } from './account-records';
