export { assertTokenQuotaLeft, getTokenUsage, quotaPeriodStart, recordTokenUsage } from './token-usage';
export { usageRoutes } from './usage.routes';
