export { subscriptionRoutes } from './subscription.routes';
export {
  instanceDefaultQuota,
  selfHostedQuotaOf,
  setDefaultQuota,
  setOwnerQuota,
  startPlan,
} from './subscription-records';
