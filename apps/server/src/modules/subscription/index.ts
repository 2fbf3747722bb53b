export { subscriptionRoutes } from './subscription.routes';
export { billingRoutes, stripeWebhookRoutes } from './billing.routes';
export {
  instanceDefaultQuota,
  selfHostedQuotaOf,
  setDefaultQuota,
  setOwnerQuota,
  startPlan,
} from './subscription-records';
