export { assertTokenQuotaLeft, getTokenUsage, recordTokenUsage } from './token-usage';
export { usageRoutes } from './usage.routes';
