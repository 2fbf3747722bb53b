export { agentRoutes } from './agent.routes';
