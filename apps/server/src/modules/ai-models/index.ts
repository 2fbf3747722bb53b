export { effectiveModelId, listAiModels } from './ai-models';
export { aiModelsRoutes } from './ai-models.routes';
export { generateForUser, streamForUser, type UserModelRequest } from './call-model';
export { resolveModel, type ProviderModel, type ResolvedModel } from './resolve-model';
