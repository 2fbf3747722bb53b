export { hashApiKey, recordKeyUse } from './api-keys';
export { apiKeysRoutes } from './api-keys.routes';
export { seedSampleApiKeys } from './sample-api-keys';
