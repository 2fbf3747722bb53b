export { highConceptRoutes } from './high-concept.routes';
