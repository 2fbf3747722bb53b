/*
 * The zod schemas of every route in the table (routes.ts), by route id: what the server
 * validates and serializes with, and what the OpenAPI documents are made of. `satisfies` below
 * makes tsc refuse a route without schemas here, an id that is not in the table, and a schema
 * whose type differs from the table's.
 */
import type { z } from 'zod';
import { agentStatusSchema, chatHistorySchema, sendChatMessageInputSchema } from './agent';
import { learnedVoiceSchema } from './learned-voice';
import { billingPlansSchema, billingRedirectSchema, checkoutInputSchema } from './billing';
import {
  aiModelIdParamsSchema,
  aiModelListSchema,
  aiModelSchema,
  aiModelTestResultSchema,
  createAiModelInputSchema,
  tokenUsageSchema,
  updateAiModelInputSchema,
} from './ai';
import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeySchema,
  apiKeyWhoAmISchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  updateApiKeyInputSchema,
} from './api-keys';
import {
  forgotPasswordInputSchema,
  okSchema,
  resetPasswordInputSchema,
  sessionSchema,
  signInInputSchema,
  signInResultSchema,
  signUpInputSchema,
  signUpResultSchema,
  startDemoInputSchema,
  tokenInputSchema,
  userSchema,
} from './auth';
import {
  disableMfaInputSchema,
  mfaCodeInputSchema,
  mfaRecoveryCodesSchema,
  mfaSetupSchema,
  mfaStatusSchema,
  signInMfaInputSchema,
  startMfaSetupInputSchema,
} from './mfa';
import {
  bulkEmailInputSchema,
  bulkEmailResultSchema,
  campaignAnalyticsSchema,
  sequenceFiguresSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignSchema,
  changeCampaignStatusInputSchema,
  createCampaignInputSchema,
  createLeadInputSchema,
  csvHeadersInputSchema,
  csvHeadersSchema,
  growthCredentialListSchema,
  growthCredentialSchema,
  growthProviderParamsSchema,
  importLeadsCsvInputSchema,
  leadIdParamsSchema,
  leadImportReportSchema,
  leadPageSchema,
  leadSchema,
  listCampaignsQuerySchema,
  listLeadsQuerySchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
  saveGrowthCredentialInputSchema,
  updateCampaignInputSchema,
  updateLeadStatusInputSchema,
} from './campaigns';
import {
  contactBookPageSchema,
  contactBookQuerySchema,
  contactDetailSchema,
  contactIdParamsSchema,
  contactTimelinePageSchema,
  contactTimelineQuerySchema,
  editContactInputSchema,
  mergeContactInputSchema,
} from './contact-book';
import { contactListSchema, contactSchema, listContactsQuerySchema } from './contacts';
import {
  createLinkInputSchema,
  createThoughtInputSchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResultSchema,
  semanticSearchStatusSchema,
  linkPreviewInputSchema,
  linkPreviewSchema,
  uploadResultSchema,
} from './knowledge';
import {
  createMcpServerInputSchema,
  mcpServerIdParamsSchema,
  mcpServerListSchema,
  mcpServerSchema,
  mcpServerTestResultSchema,
  updateMcpServerInputSchema,
} from './mcp-servers';
import {
  connectMessengerInputSchema,
  messengerConnectionSchema,
  messengerIdParamsSchema,
  messengerListSchema,
  messengerSyncResultSchema,
  messengerTestResultSchema,
  updateMessengerInputSchema,
  whatsAppTemplateListSchema,
} from './messengers';
import {
  socialAccountListSchema,
  socialAccountSchema,
  socialAppInputSchema,
  socialCallbackInputSchema,
  socialConnectResultSchema,
  socialPlatformParamsSchema,
} from './social-accounts';
import {
  acceptProposalInputSchema,
  acceptProposalResultSchema,
  createMessageTemplateInputSchema,
  createPersonaInputSchema,
  messageTemplateListSchema,
  messageTemplateParamsSchema,
  messageTemplateSchema,
  personaIdParamsSchema,
  personaListSchema,
  personaSchema,
  personaStatsSchema,
  updateMessageTemplateInputSchema,
  updatePersonaInputSchema,
} from './personas';
import { avatarKeyParamsSchema, updateProfileInputSchema } from './profile';
import {
  contactHistoryPageSchema,
  contactHistoryQuerySchema,
  createContactInputSchema,
  draftReplyInputSchema,
  draftReplySchema,
  historyEntrySchema,
  publicIdParamsSchema,
  sendContactMessageInputSchema,
  updateContactInputSchema,
} from './public-api';
import { updateUserSettingsInputSchema, userSettingsSchema } from './settings';
import {
  notificationStatusSchema,
  pushEndpointInputSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushTestResultSchema,
  telegramLinkSchema,
} from './notifications';
import { navSummarySchema } from './shell';
import {
  createSignalSourceInputSchema,
  importJobChangesInputSchema,
  jobChangeImportReportSchema,
  jobChangeInputSchema,
  jobChangeResultSchema,
  listSignalItemsQuerySchema,
  pollSignalSourceResultSchema,
  signalItemListSchema,
  signalSourceIdParamsSchema,
  signalSourceListSchema,
  signalSourceSchema,
  updateSignalSourceInputSchema,
} from './signals';
import {
  instanceInfoSchema,
  instanceUserIdParamsSchema,
  instanceUsersSchema,
  setDefaultQuotaInputSchema,
  setUserQuotaInputSchema,
  subscriptionSchema,
} from './subscription';
import {
  bulkTasksInputSchema,
  bulkTasksResultSchema,
  createTaskInputSchema,
  generateTaskDraftsInputSchema,
  listTasksQuerySchema,
  saveTaskResponsesInputSchema,
  sendTaskMessageInputSchema,
  sendTaskMessageResultSchema,
  streamTaskDraftInputSchema,
  taskCountsSchema,
  taskIdParamsSchema,
  taskPageSchema,
  taskSchema,
  translateDraftInputSchema,
  translateDraftResultSchema,
  updateTaskInputSchema,
  updateTaskStatusInputSchema,
} from './tasks';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteById, RouteId } from './routes';

/** Schemas in the shape of Fastify's `schema` option, so the server can pass them on as they are. */
export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<Record<number, z.ZodType>>;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> =
  S extends Partial<Record<number, infer Z>> ? (Z extends z.ZodType ? z.output<Z> : undefined) : undefined;
type Checked<S extends RouteSchemas, R, Id extends string> = [
  Same<InputOf<S['params']>, ParamsOf<R>> extends true ? never : `${Id}: params`,
  Same<InputOf<S['querystring']>, QueryOf<R>> extends true ? never : `${Id}: query`,
  Same<InputOf<S['body']>, BodyOf<R>> extends true ? never : `${Id}: body`,
  Same<OutputOf<S['response']>, ResponseOf<R>> extends true ? never : `${Id}: response`,
][number];

export const routeSchemas = {
  'health.live': {},
  'health.ready': {},
  'health.metrics': {},
  'auth.signUp': { body: signUpInputSchema, response: { 201: signUpResultSchema } },
  'auth.signIn': { body: signInInputSchema, response: { 200: signInResultSchema } },
  'auth.signInMfa': { body: signInMfaInputSchema, response: { 200: sessionSchema } },
  'auth.refresh': { response: { 200: sessionSchema } },
  'auth.signOut': { response: { 200: okSchema } },
  'auth.verifyEmail': { body: tokenInputSchema, response: { 200: okSchema } },
  'auth.resendVerification': { body: forgotPasswordInputSchema, response: { 200: okSchema } },
  'auth.forgotPassword': { body: forgotPasswordInputSchema, response: { 200: okSchema } },
  'auth.resetPassword': { body: resetPasswordInputSchema, response: { 200: okSchema } },
  'auth.confirmEmailChange': { body: tokenInputSchema, response: { 200: okSchema } },
  'demo.start': { body: startDemoInputSchema.nullish(), response: { 200: sessionSchema } },
  'unsubscribe.show': { querystring: unsubscribeQuerySchema, response: { 200: unsubscribeInfoSchema } },
  'unsubscribe.confirm': { querystring: unsubscribeQuerySchema, response: { 200: okSchema } },
  'events.stream': {},
  'profile.get': { response: { 200: userSchema } },
  'profile.update': { body: updateProfileInputSchema, response: { 200: userSchema } },
  'mfa.status': { response: { 200: mfaStatusSchema } },
  'mfa.startSetup': { body: startMfaSetupInputSchema, response: { 200: mfaSetupSchema } },
  'mfa.confirmSetup': { body: mfaCodeInputSchema, response: { 200: mfaRecoveryCodesSchema } },
  'mfa.regenerateRecoveryCodes': { body: mfaCodeInputSchema, response: { 200: mfaRecoveryCodesSchema } },
  'mfa.disable': { body: disableMfaInputSchema, response: { 200: mfaStatusSchema } },
  'profile.uploadAvatar': { response: { 200: userSchema } },
  'profile.removeAvatar': { response: { 200: userSchema } },
  'profile.avatarFile': { params: avatarKeyParamsSchema },
  'settings.get': { response: { 200: userSettingsSchema } },
  'settings.update': { body: updateUserSettingsInputSchema, response: { 200: userSettingsSchema } },
  'notifications.status': { response: { 200: notificationStatusSchema } },
  'notifications.pushKey': { response: { 200: pushKeySchema } },
  'notifications.subscribePush': { body: pushSubscriptionInputSchema, response: { 200: okSchema } },
  'notifications.unsubscribePush': { body: pushEndpointInputSchema, response: { 200: okSchema } },
  'notifications.testPush': { response: { 200: pushTestResultSchema } },
  'notifications.linkTelegram': { response: { 200: telegramLinkSchema } },
  'notifications.unlinkTelegram': { response: { 200: okSchema } },
  'subscription.get': { response: { 200: subscriptionSchema } },
  'billing.plans': { response: { 200: billingPlansSchema } },
  'billing.checkout': { body: checkoutInputSchema, response: { 200: billingRedirectSchema } },
  'billing.portal': { response: { 200: billingRedirectSchema } },
  'billing.webhook': {},
  'instance.info': { response: { 200: instanceInfoSchema } },
  'instance.users': { response: { 200: instanceUsersSchema } },
  'instance.setUserQuota': {
    params: instanceUserIdParamsSchema,
    body: setUserQuotaInputSchema,
    response: { 200: instanceUsersSchema },
  },
  'instance.setDefaultQuota': { body: setDefaultQuotaInputSchema, response: { 200: instanceUsersSchema } },
  'instance.verifyUser': { params: instanceUserIdParamsSchema, response: { 200: instanceUsersSchema } },
  'instance.resetUserMfa': { params: instanceUserIdParamsSchema, response: { 200: instanceUsersSchema } },
  'shell.summary': { response: { 200: navSummarySchema } },
  'tasks.list': { querystring: listTasksQuerySchema, response: { 200: taskPageSchema } },
  'tasks.counts': { response: { 200: taskCountsSchema } },
  'tasks.get': { params: taskIdParamsSchema, response: { 200: taskSchema } },
  'tasks.create': { body: createTaskInputSchema, response: { 201: taskSchema } },
  'tasks.updateStatus': {
    params: taskIdParamsSchema,
    body: updateTaskStatusInputSchema,
    response: { 200: taskSchema },
  },
  'tasks.update': { params: taskIdParamsSchema, body: updateTaskInputSchema, response: { 200: taskSchema } },
  'tasks.bulk': { body: bulkTasksInputSchema, response: { 200: bulkTasksResultSchema } },
  'tasks.saveResponses': {
    params: taskIdParamsSchema,
    body: saveTaskResponsesInputSchema,
    response: { 200: taskSchema },
  },
  'tasks.send': {
    params: taskIdParamsSchema,
    body: sendTaskMessageInputSchema,
    response: { 200: sendTaskMessageResultSchema },
  },
  'tasks.generateDrafts': {
    params: taskIdParamsSchema,
    body: generateTaskDraftsInputSchema,
    response: { 200: taskSchema },
  },
  'tasks.streamDraft': { params: taskIdParamsSchema, body: streamTaskDraftInputSchema },
  'tasks.retryDelivery': { params: taskIdParamsSchema, response: { 200: sendTaskMessageResultSchema } },
  'tasks.translate': {
    params: taskIdParamsSchema,
    body: translateDraftInputSchema,
    response: { 200: translateDraftResultSchema },
  },
  'tasks.delete': { params: taskIdParamsSchema, response: { 200: okSchema } },
  'tasks.acceptProposal': {
    params: taskIdParamsSchema,
    body: acceptProposalInputSchema,
    response: { 200: acceptProposalResultSchema },
  },
  'contacts.list': { querystring: contactBookQuerySchema, response: { 200: contactBookPageSchema } },
  'contacts.get': { params: contactIdParamsSchema, response: { 200: contactDetailSchema } },
  'contacts.update': {
    params: contactIdParamsSchema,
    body: editContactInputSchema,
    response: { 200: contactDetailSchema },
  },
  'contacts.delete': { params: contactIdParamsSchema, response: { 200: okSchema } },
  'contacts.timeline': {
    params: contactIdParamsSchema,
    querystring: contactTimelineQuerySchema,
    response: { 200: contactTimelinePageSchema },
  },
  'contacts.merge': {
    params: contactIdParamsSchema,
    body: mergeContactInputSchema,
    response: { 200: contactDetailSchema },
  },
  'ai.listModels': { response: { 200: aiModelListSchema } },
  'ai.createModel': { body: createAiModelInputSchema, response: { 201: aiModelSchema } },
  'ai.updateModel': {
    params: aiModelIdParamsSchema,
    body: updateAiModelInputSchema,
    response: { 200: aiModelSchema },
  },
  'ai.deleteModel': { params: aiModelIdParamsSchema },
  'ai.testModel': { params: aiModelIdParamsSchema, response: { 200: aiModelTestResultSchema } },
  'usage.tokens': { response: { 200: tokenUsageSchema } },
  'learnedVoice.get': { response: { 200: learnedVoiceSchema } },
  'learnedVoice.forget': { response: { 200: learnedVoiceSchema } },
  'agent.messages': { response: { 200: chatHistorySchema } },
  'agent.clearMessages': { response: { 200: okSchema } },
  'agent.status': { response: { 200: agentStatusSchema } },
  'agent.sendMessage': { body: sendChatMessageInputSchema },
  'personas.list': { response: { 200: personaListSchema } },
  'personas.create': { body: createPersonaInputSchema, response: { 201: personaSchema } },
  'personas.get': { params: personaIdParamsSchema, response: { 200: personaSchema } },
  'personas.update': {
    params: personaIdParamsSchema,
    body: updatePersonaInputSchema,
    response: { 200: personaSchema },
  },
  'personas.delete': { params: personaIdParamsSchema, response: { 200: okSchema } },
  'personas.makeTwinVoice': { params: personaIdParamsSchema, response: { 200: personaSchema } },
  'personas.startHighConceptAnalysis': { params: personaIdParamsSchema, response: { 201: taskSchema } },
  'personas.stats': { params: personaIdParamsSchema, response: { 200: personaStatsSchema } },
  'personas.templates': { params: personaIdParamsSchema, response: { 200: messageTemplateListSchema } },
  'personas.createTemplate': {
    params: personaIdParamsSchema,
    body: createMessageTemplateInputSchema,
    response: { 201: messageTemplateSchema },
  },
  'personas.updateTemplate': {
    params: messageTemplateParamsSchema,
    body: updateMessageTemplateInputSchema,
    response: { 200: messageTemplateSchema },
  },
  'personas.deleteTemplate': { params: messageTemplateParamsSchema, response: { 200: okSchema } },
  'knowledge.list': { querystring: documentListQuerySchema, response: { 200: documentListSchema } },
  'knowledge.upload': { response: { 201: uploadResultSchema } },
  'knowledge.previewLink': { body: linkPreviewInputSchema, response: { 200: linkPreviewSchema } },
  'knowledge.createLink': { body: createLinkInputSchema, response: { 201: documentSchema } },
  'knowledge.createThought': { body: createThoughtInputSchema, response: { 201: documentSchema } },
  'knowledge.search': {
    querystring: knowledgeSearchQuerySchema,
    response: { 200: knowledgeSearchResultSchema },
  },
  'knowledge.semanticStatus': { response: { 200: semanticSearchStatusSchema } },
  'knowledge.resumeIndexing': { response: { 200: semanticSearchStatusSchema } },
  'knowledge.get': { params: documentIdParamsSchema, response: { 200: documentSchema } },
  'knowledge.retry': { params: documentIdParamsSchema, response: { 200: documentSchema } },
  'knowledge.delete': { params: documentIdParamsSchema, response: { 200: okSchema } },
  'messengers.list': { response: { 200: messengerListSchema } },
  'messengers.connect': { body: connectMessengerInputSchema, response: { 201: messengerConnectionSchema } },
  'messengers.update': {
    params: messengerIdParamsSchema,
    body: updateMessengerInputSchema,
    response: { 200: messengerConnectionSchema },
  },
  'messengers.test': { params: messengerIdParamsSchema, response: { 200: messengerTestResultSchema } },
  'messengers.sync': { params: messengerIdParamsSchema, response: { 200: messengerSyncResultSchema } },
  'messengers.disconnect': { params: messengerIdParamsSchema, response: { 200: okSchema } },
  'messengers.whatsAppTemplates': {
    params: messengerIdParamsSchema,
    response: { 200: whatsAppTemplateListSchema },
  },
  'socialAccounts.list': { response: { 200: socialAccountListSchema } },
  'socialAccounts.saveApp': {
    params: socialPlatformParamsSchema,
    body: socialAppInputSchema,
    response: { 200: socialAccountSchema },
  },
  'socialAccounts.removeApp': { params: socialPlatformParamsSchema, response: { 200: socialAccountSchema } },
  'socialAccounts.connect': {
    params: socialPlatformParamsSchema,
    response: { 200: socialConnectResultSchema },
  },
  'socialAccounts.callback': {
    params: socialPlatformParamsSchema,
    body: socialCallbackInputSchema,
    response: { 200: socialAccountSchema },
  },
  'socialAccounts.disconnect': { params: socialPlatformParamsSchema, response: { 200: socialAccountSchema } },
  'apiKeys.list': { response: { 200: apiKeyListSchema } },
  'apiKeys.create': { body: createApiKeyInputSchema, response: { 201: createdApiKeySchema } },
  'apiKeys.update': {
    params: apiKeyIdParamsSchema,
    body: updateApiKeyInputSchema,
    response: { 200: apiKeySchema },
  },
  'apiKeys.delete': { params: apiKeyIdParamsSchema, response: { 200: okSchema } },
  'mcpServers.list': { response: { 200: mcpServerListSchema } },
  'mcpServers.create': { body: createMcpServerInputSchema, response: { 201: mcpServerSchema } },
  'mcpServers.update': {
    params: mcpServerIdParamsSchema,
    body: updateMcpServerInputSchema,
    response: { 200: mcpServerSchema },
  },
  'mcpServers.delete': { params: mcpServerIdParamsSchema },
  'mcpServers.test': { params: mcpServerIdParamsSchema, response: { 200: mcpServerTestResultSchema } },
  'campaigns.list': { querystring: listCampaignsQuerySchema, response: { 200: campaignListSchema } },
  'campaigns.create': { body: createCampaignInputSchema, response: { 201: campaignSchema } },
  'campaigns.get': { params: campaignIdParamsSchema, response: { 200: campaignSchema } },
  'campaigns.update': {
    params: campaignIdParamsSchema,
    body: updateCampaignInputSchema,
    response: { 200: campaignSchema },
  },
  'campaigns.changeStatus': {
    params: campaignIdParamsSchema,
    body: changeCampaignStatusInputSchema,
    response: { 200: campaignSchema },
  },
  'campaigns.retry': { params: campaignIdParamsSchema, response: { 200: campaignSchema } },
  'campaigns.delete': { params: campaignIdParamsSchema, response: { 200: okSchema } },
  'campaigns.analytics': { params: campaignIdParamsSchema, response: { 200: campaignAnalyticsSchema } },
  'campaigns.sequence': { params: campaignIdParamsSchema, response: { 200: sequenceFiguresSchema } },
  'campaigns.leads': {
    params: campaignIdParamsSchema,
    querystring: listLeadsQuerySchema,
    response: { 200: leadPageSchema },
  },
  'campaigns.createLead': {
    params: campaignIdParamsSchema,
    body: createLeadInputSchema,
    response: { 201: leadSchema },
  },
  'campaigns.updateLeadStatus': {
    params: leadIdParamsSchema,
    body: updateLeadStatusInputSchema,
    response: { 200: leadSchema },
  },
  'campaigns.deleteLead': { params: leadIdParamsSchema, response: { 200: okSchema } },
  'campaigns.leadCsvHeaders': {
    params: campaignIdParamsSchema,
    body: csvHeadersInputSchema,
    response: { 200: csvHeadersSchema },
  },
  'campaigns.importLeads': {
    params: campaignIdParamsSchema,
    body: importLeadsCsvInputSchema,
    response: { 200: leadImportReportSchema },
  },
  'campaigns.bulkEmail': {
    params: campaignIdParamsSchema,
    body: bulkEmailInputSchema,
    response: { 200: bulkEmailResultSchema },
  },
  'campaigns.callList': { params: campaignIdParamsSchema },
  'growth.credentials': { response: { 200: growthCredentialListSchema } },
  'growth.saveCredential': {
    params: growthProviderParamsSchema,
    body: saveGrowthCredentialInputSchema,
    response: { 200: growthCredentialSchema },
  },
  'growth.deleteCredential': { params: growthProviderParamsSchema, response: { 200: okSchema } },
  'signals.sources': { response: { 200: signalSourceListSchema } },
  'signals.createSource': { body: createSignalSourceInputSchema, response: { 201: signalSourceSchema } },
  'signals.updateSource': {
    params: signalSourceIdParamsSchema,
    body: updateSignalSourceInputSchema,
    response: { 200: signalSourceSchema },
  },
  'signals.deleteSource': { params: signalSourceIdParamsSchema, response: { 200: okSchema } },
  'signals.pollSource': {
    params: signalSourceIdParamsSchema,
    response: { 202: pollSignalSourceResultSchema },
  },
  'signals.sourceItems': {
    params: signalSourceIdParamsSchema,
    querystring: listSignalItemsQuerySchema,
    response: { 200: signalItemListSchema },
  },
  'signals.jobChanges': { querystring: listSignalItemsQuerySchema, response: { 200: signalItemListSchema } },
  'signals.recordJobChange': {
    body: jobChangeInputSchema,
    response: { 200: jobChangeResultSchema, 201: jobChangeResultSchema },
  },
  'signals.importJobChanges': {
    body: importJobChangesInputSchema,
    response: { 200: jobChangeImportReportSchema },
  },
  'v1.openApi': {},
  'v1.docs': {},
  'v1.me': { response: { 200: apiKeyWhoAmISchema } },
  'v1.listContacts': { querystring: listContactsQuerySchema, response: { 200: contactListSchema } },
  'v1.getContact': { params: publicIdParamsSchema, response: { 200: contactSchema } },
  'v1.createContact': { body: createContactInputSchema, response: { 201: contactSchema } },
  'v1.updateContact': {
    params: publicIdParamsSchema,
    body: updateContactInputSchema,
    response: { 200: contactSchema },
  },
  'v1.contactMessages': {
    params: publicIdParamsSchema,
    querystring: contactHistoryQuerySchema,
    response: { 200: contactHistoryPageSchema },
  },
  'v1.sendContactMessage': {
    params: publicIdParamsSchema,
    body: sendContactMessageInputSchema,
    response: { 201: historyEntrySchema },
  },
  'v1.searchKnowledge': {
    querystring: knowledgeSearchQuerySchema,
    response: { 200: knowledgeSearchResultSchema },
  },
  'v1.listDocuments': { querystring: documentListQuerySchema, response: { 200: documentListSchema } },
  'v1.getDocument': { params: publicIdParamsSchema, response: { 200: documentSchema } },
  'v1.createThought': { body: createThoughtInputSchema, response: { 201: documentSchema } },
  'v1.createLink': { body: createLinkInputSchema, response: { 201: documentSchema } },
  'v1.listAiModels': { response: { 200: aiModelListSchema } },
  'v1.draftReply': { body: draftReplyInputSchema, response: { 200: draftReplySchema } },
} satisfies { [Id in RouteId]: RouteSchemas };

/** The routes whose schemas do not match their types in the table; tsc names them below. */
type Mismatches = {
  [Id in RouteId]: Checked<(typeof routeSchemas)[Id], RouteById<Id>, Id>;
}[RouteId];
const everyRouteMatches: [Mismatches] extends [never] ? true : Mismatches = true;
void everyRouteMatches;
