export { effectiveModelId, listAiModels } from './ai-models';
export { aiModelsRoutes } from './ai-models.routes';
export {
  generateForUser,
  generateObjectForUser,
  streamForUser,
  type UserModelRequest,
  type UserObjectAnswer,
} from './call-model';
export { resolveModel, type ProviderModel, type ResolvedModel } from './resolve-model';
