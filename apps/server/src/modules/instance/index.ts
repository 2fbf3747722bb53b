export { instancePublicRoutes, instanceRoutes } from './instance.routes';
