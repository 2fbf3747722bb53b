export { demoRoutes } from './demo.routes';
export { removeExpiredDemoSandboxes } from './remove-expired-demo-sandboxes';
