export { subscriptionRoutes } from './subscription.routes';
export { startDefaultPlan } from './subscription-records';
