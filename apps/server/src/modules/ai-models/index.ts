export { effectiveModelId, embeddingIdentity, listAiModels } from './ai-models';
export { aiModelsRoutes } from './ai-models.routes';
export {
  embedForUser,
  generateForUser,
  generateObjectForUser,
  streamForUser,
  type UserModelRequest,
  type UserObjectAnswer,
} from './call-model';
export {
  resolveModel,
  resolveSearchModel,
  type ProviderModel,
  type ResolvedModel,
  type SearchModel,
} from './resolve-model';
