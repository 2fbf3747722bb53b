export { shellRoutes } from './shell.routes';
