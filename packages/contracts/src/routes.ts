/*
 * The one route table (docs/decisions/024-one-route-table.md): every HTTP endpoint of the
 * server once, with its method, path and the types of what goes in and comes out. The server
 * registers its routes from it (with the zod schemas of route-schemas.ts), the web app calls
 * through it, its test fakes answer by it.
 *
 * This module is free of zod on purpose (docs/decisions/021): the web app's first screen loads
 * it. Everything from the schema modules is imported as types only.
 */
import type { z } from 'zod';
import type * as c from './index';

type SocialParams = { platform: c.SocialPlatform };
import type {
  AcceptProposalInput,
  AcceptProposalResult,
  AgentStatus,
  AiModel,
  AiModelList,
  AiModelTestResult,
  ApiKey,
  ApiKeyList,
  ApiKeyWhoAmI,
  BulkEmailInput,
  BulkEmailResult,
  Campaign,
  CampaignAnalytics,
  SequenceFigures,
  CampaignList,
  ChatHistory,
  ChatStreamEvent,
  ConnectMessengerInput,
  Contact,
  ContactHistoryPage,
  ContactHistoryQuery,
  ContactList,
  CreateAiModelInput,
  CreateApiKeyInput,
  CreateCampaignInput,
  CreateContactInput,
  CreateLeadInput,
  CreateLinkInput,
  CreateMcpServerInput,
  CreateMessageTemplateInput,
  CreatePersonaInput,
  CreateSignalSourceInput,
  CreateTaskInput,
  CreateThoughtInput,
  CreatedApiKey,
  CsvHeaders,
  DocumentList,
  DocumentListQuery,
  DraftReply,
  DraftReplyInput,
  DraftStreamEvent,
  ForgotPasswordInput,
  GrowthCredential,
  GrowthProvider,
  HistoryEntry,
  ImportJobChangesInput,
  ImportLeadsCsvInput,
  JobChangeImportReport,
  JobChangeInput,
  JobChangeResult,
  KnowledgeDocument,
  KnowledgeSearchQuery,
  KnowledgeSearchResult,
  SemanticSearchStatus,
  Lead,
  LeadImportReport,
  LeadPage,
  LinkPreview,
  ListCampaignsQuery,
  ListContactsQuery,
  ContactBookPage,
  ContactBookQuery,
  ContactDetail,
  ContactTimelinePage,
  ContactTimelineQuery,
  EditContactInput,
  MergeContactInput,
  ListLeadsQuery,
  ListSignalItemsQuery,
  ListTasksQuery,
  LiveEvent,
  McpServer,
  McpServerList,
  McpServerTestResult,
  MessageTemplate,
  MessengerConnection,
  MessengerList,
  MessengerSyncResult,
  MessengerTestResult,
  NavSummary,
  Persona,
  PersonaList,
  PersonaStats,
  PollSignalSourceResult,
  ResetPasswordInput,
  SendChatMessageInput,
  SendContactMessageInput,
  SendTaskMessageInput,
  SendTaskMessageResult,
  Session,
  SignInInput,
  SignUpInput,
  SignalItemList,
  SignalSource,
  SignalSourceList,
  StartDemoInput,
  Subscription,
  Task,
  TaskCounts,
  TaskPage,
  TokenInput,
  TokenUsage,
  TranslateDraftInput,
  TranslateDraftResult,
  UpdateAiModelInput,
  UpdateApiKeyInput,
  UpdateCampaignInput,
  UpdateContactInput,
  UpdateMcpServerInput,
  UpdateMessageTemplateInput,
  UpdateMessengerInput,
  UpdatePersonaInput,
  UpdateProfileInput,
  UpdateSignalSourceInput,
  UpdateUserSettingsInput,
  UploadResult,
  User,
  UserSettings,
} from './index';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What goes in and comes out of a route: types only, never present at run time. */
export interface RouteTypes {
  /** The path's `:name` placeholders. */
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  /** The JSON answer on success. */
  response?: unknown;
  /** A server-sent event stream's events. */
  events?: unknown;
}

/**
 * How the answer comes back: JSON (most), a server-sent event stream, plain text, a stored file
 * (an image: its bytes and their type), or nothing (204).
 */
export type RouteKind = 'json' | 'events' | 'text' | 'file' | 'none';

export interface Route<T extends RouteTypes = RouteTypes> {
  /** Its id in the table: 'tasks.list' for routes.tasks.list. */
  readonly id: string;
  readonly method: HttpMethod;
  /** The full path, `:name` for each param: '/api/tasks/:id'. */
  readonly path: string;
  /** The status of a successful answer. */
  readonly status: number;
  readonly kind: RouteKind;
  /** The body is multipart/form-data (file uploads). */
  readonly multipart?: true;
  /** Left out of the OpenAPI documents. */
  readonly hide?: true;
  /** Carries T for the type checker; always undefined. */
  readonly types?: T;
}

export type AnyRoute = Route<RouteTypes>;
type TypesOf<R> = R extends Route<infer T> ? T : never;
type Field<T, K extends string> = T extends { [P in K]: infer V } ? V : undefined;
export type ParamsOf<R> = Field<TypesOf<R>, 'params'>;
export type QueryOf<R> = Field<TypesOf<R>, 'query'>;
export type BodyOf<R> = Field<TypesOf<R>, 'body'>;
export type ResponseOf<R> = Field<TypesOf<R>, 'response'>;
export type EventOf<R> = Field<TypesOf<R>, 'events'>;

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;
type Ok = { ok: true };

interface RouteOptions {
  status?: number;
  kind?: RouteKind;
  multipart?: true;
  hide?: true;
}

function route<T extends RouteTypes = Record<never, never>>(
  method: HttpMethod,
  path: string,
  options: RouteOptions = {},
): Route<T> {
  return { id: '', method, path, status: options.status ?? 200, kind: options.kind ?? 'json', ...options };
}

/** Names each route after its place in the table. */
function named<T extends Record<string, Record<string, AnyRoute>>>(table: T): T {
  for (const [area, group] of Object.entries(table)) {
    for (const [name, entry] of Object.entries(group)) (entry as { id: string }).id = `${area}.${name}`;
  }
  return table;
}

export const routes = named({
  health: {
    live: route('GET', '/healthz', { hide: true }),
    ready: route('GET', '/readyz', { hide: true }),
    metrics: route('GET', '/metrics', { hide: true }),
  },
  auth: {
    signUp: route<{ body: SignUpInput; response: Out<typeof c.signUpResultSchema> }>(
      'POST',
      '/api/auth/sign-up',
      { status: 201 },
    ),
    signIn: route<{ body: SignInInput; response: c.SignInResult }>('POST', '/api/auth/sign-in'),
    /** The code step after `signIn` answered `mfaRequired` (docs/decisions/042). */
    signInMfa: route<{ body: c.SignInMfaInput; response: Session }>('POST', '/api/auth/sign-in/mfa'),
    refresh: route<{ response: Session }>('POST', '/api/auth/refresh'),
    signOut: route<{ response: Ok }>('POST', '/api/auth/sign-out'),
    verifyEmail: route<{ body: TokenInput; response: Ok }>('POST', '/api/auth/verify-email'),
    resendVerification: route<{ body: ForgotPasswordInput; response: Ok }>(
      'POST',
      '/api/auth/resend-verification',
    ),
    forgotPassword: route<{ body: ForgotPasswordInput; response: Ok }>('POST', '/api/auth/forgot-password'),
    resetPassword: route<{ body: ResetPasswordInput; response: Ok }>('POST', '/api/auth/reset-password'),
    confirmEmailChange: route<{ body: TokenInput; response: Ok }>('POST', '/api/auth/confirm-email-change'),
  },
  demo: {
    start: route<{ body: StartDemoInput | null | undefined; response: Session }>('POST', '/api/demo'),
  },
  unsubscribe: {
    /** What the unsubscribe page shows; no session: the signed token is the authority. */
    show: route<{ query: c.UnsubscribeQuery; response: c.UnsubscribeInfo }>('GET', '/api/unsubscribe'),
    /** The page's button, and mail providers' one-click POST (form body List-Unsubscribe=One-Click). */
    confirm: route<{ query: c.UnsubscribeQuery; response: Ok }>('POST', '/api/unsubscribe'),
  },
  events: {
    stream: route<{ events: LiveEvent }>('GET', '/events', { hide: true, kind: 'events' }),
  },
  mfa: {
    status: route<{ response: c.MfaStatus }>('GET', '/api/me/mfa'),
    startSetup: route<{ body: c.StartMfaSetupInput; response: c.MfaSetup }>('POST', '/api/me/mfa/setup'),
    confirmSetup: route<{ body: c.MfaCodeInput; response: c.MfaRecoveryCodes }>(
      'POST',
      '/api/me/mfa/confirm',
    ),
    regenerateRecoveryCodes: route<{ body: c.MfaCodeInput; response: c.MfaRecoveryCodes }>(
      'POST',
      '/api/me/mfa/recovery-codes',
    ),
    disable: route<{ body: c.DisableMfaInput; response: c.MfaStatus }>('POST', '/api/me/mfa/disable'),
  },
  profile: {
    get: route<{ response: User }>('GET', '/api/me'),
    update: route<{ body: UpdateProfileInput; response: User }>('PATCH', '/api/me'),
    /** One image file (multipart); stored as a 256×256 WebP, the old one removed. */
    uploadAvatar: route<{ response: User }>('PUT', '/api/me/avatar', { multipart: true }),
    removeAvatar: route<{ response: User }>('DELETE', '/api/me/avatar'),
    /** The avatar's WebP, without a session (an img tag sends none): the key is random. */
    avatarFile: route<{ params: { key: string } }>('GET', '/api/avatars/:key', { kind: 'file' }),
  },
  settings: {
    get: route<{ response: UserSettings }>('GET', '/api/settings'),
    update: route<{ body: UpdateUserSettingsInput; response: UserSettings }>('PATCH', '/api/settings'),
  },
  /** Settings → Notifications (issue 23): browser push and the Telegram chat urgent tasks go to. */
  notifications: {
    status: route<{ response: c.NotificationStatus }>('GET', '/api/notifications'),
    pushKey: route<{ response: c.PushKey }>('GET', '/api/notifications/push/key'),
    subscribePush: route<{ body: c.PushSubscriptionInput; response: Ok }>(
      'POST',
      '/api/notifications/push/subscriptions',
    ),
    unsubscribePush: route<{ body: c.PushEndpointInput; response: Ok }>(
      'DELETE',
      '/api/notifications/push/subscriptions',
    ),
    testPush: route<{ response: c.PushTestResult }>('POST', '/api/notifications/push/test'),
    linkTelegram: route<{ response: c.TelegramLink }>('POST', '/api/notifications/telegram/link'),
    unlinkTelegram: route<{ response: Ok }>('DELETE', '/api/notifications/telegram/link'),
  },
  subscription: {
    get: route<{ response: Subscription }>('GET', '/api/subscription'),
  },
  /** Stripe billing (issue 23); answers billing_unavailable when the server takes no payments. */
  billing: {
    plans: route<{ response: c.BillingPlans }>('GET', '/api/billing/plans'),
    /** Stripe Checkout for a new plan, or the Customer Portal's confirmation of a plan change. */
    checkout: route<{ body: c.CheckoutInput; response: c.BillingRedirect }>('POST', '/api/billing/checkout'),
    portal: route<{ response: c.BillingRedirect }>('POST', '/api/billing/portal'),
    /** Stripe's event deliveries: no session, the Stripe-Signature header is the authority. */
    webhook: route('POST', '/webhooks/stripe', { hide: true }),
  },
  /** The self-hosted instance (issue 23): `info` is public; the rest is for its owner only. */
  instance: {
    info: route<{ response: c.InstanceInfo }>('GET', '/api/instance'),
    users: route<{ response: c.InstanceUsers }>('GET', '/api/instance/users'),
    setUserQuota: route<{ params: { id: string }; body: c.SetUserQuotaInput; response: c.InstanceUsers }>(
      'PUT',
      '/api/instance/users/:id/quota',
    ),
    setDefaultQuota: route<{ body: c.SetDefaultQuotaInput; response: c.InstanceUsers }>(
      'PUT',
      '/api/instance/default-quota',
    ),
    verifyUser: route<{ params: { id: string }; response: c.InstanceUsers }>(
      'POST',
      '/api/instance/users/:id/verify',
    ),
    resetUserMfa: route<{ params: { id: string }; response: c.InstanceUsers }>(
      'DELETE',
      '/api/instance/users/:id/mfa',
    ),
  },
  shell: {
    summary: route<{ response: NavSummary }>('GET', '/api/shell/summary'),
  },
  tasks: {
    list: route<{ query: ListTasksQuery; response: TaskPage }>('GET', '/api/tasks'),
    counts: route<{ response: TaskCounts }>('GET', '/api/tasks/counts'),
    get: route<{ params: { id: string }; response: Task }>('GET', '/api/tasks/:id'),
    create: route<{ body: CreateTaskInput; response: Task }>('POST', '/api/tasks', { status: 201 }),
    updateStatus: route<{
      params: { id: string };
      body: In<typeof c.updateTaskStatusInputSchema>;
      response: Task;
    }>('PATCH', '/api/tasks/:id/status'),
    update: route<{
      params: { id: string };
      body: In<typeof c.updateTaskInputSchema>;
      response: Task;
    }>('PATCH', '/api/tasks/:id'),
    bulk: route<{ body: In<typeof c.bulkTasksInputSchema>; response: c.BulkTasksResult }>(
      'POST',
      '/api/tasks/bulk',
    ),
    saveResponses: route<{
      params: { id: string };
      body: In<typeof c.saveTaskResponsesInputSchema>;
      response: Task;
    }>('PATCH', '/api/tasks/:id/responses'),
    send: route<{ params: { id: string }; body: SendTaskMessageInput; response: SendTaskMessageResult }>(
      'POST',
      '/api/tasks/:id/send',
    ),
    generateDrafts: route<{
      params: { id: string };
      body: In<typeof c.generateTaskDraftsInputSchema>;
      response: Task;
    }>('POST', '/api/tasks/:id/drafts'),
    streamDraft: route<{
      params: { id: string };
      body: In<typeof c.streamTaskDraftInputSchema>;
      events: DraftStreamEvent;
    }>('POST', '/api/tasks/:id/drafts/stream', { kind: 'events' }),
    translate: route<{ params: { id: string }; body: TranslateDraftInput; response: TranslateDraftResult }>(
      'POST',
      '/api/tasks/:id/translate',
    ),
    /** Sends a failed (or unknown) email delivery again, with the same Message-ID. */
    retryDelivery: route<{ params: { id: string }; response: SendTaskMessageResult }>(
      'POST',
      '/api/tasks/:id/delivery/retry',
    ),
    delete: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/tasks/:id'),
    acceptProposal: route<{
      params: { id: string };
      body: AcceptProposalInput;
      response: AcceptProposalResult;
    }>('POST', '/api/tasks/:id/accept-proposal'),
  },
  contacts: {
    list: route<{ query: ContactBookQuery; response: ContactBookPage }>('GET', '/api/contacts'),
    get: route<{ params: { id: string }; response: ContactDetail }>('GET', '/api/contacts/:id'),
    update: route<{ params: { id: string }; body: EditContactInput; response: ContactDetail }>(
      'PATCH',
      '/api/contacts/:id',
    ),
    delete: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/contacts/:id'),
    timeline: route<{ params: { id: string }; query: ContactTimelineQuery; response: ContactTimelinePage }>(
      'GET',
      '/api/contacts/:id/messages',
    ),
    merge: route<{ params: { id: string }; body: MergeContactInput; response: ContactDetail }>(
      'POST',
      '/api/contacts/:id/merge',
    ),
  },
  ai: {
    listModels: route<{ response: AiModelList }>('GET', '/api/ai/models'),
    createModel: route<{ body: CreateAiModelInput; response: AiModel }>('POST', '/api/ai/models', {
      status: 201,
    }),
    updateModel: route<{ params: { id: string }; body: UpdateAiModelInput; response: AiModel }>(
      'PATCH',
      '/api/ai/models/:id',
    ),
    deleteModel: route<{ params: { id: string } }>('DELETE', '/api/ai/models/:id', {
      kind: 'none',
      status: 204,
    }),
    testModel: route<{ params: { id: string }; response: AiModelTestResult }>(
      'POST',
      '/api/ai/models/:id/test',
    ),
  },
  usage: {
    tokens: route<{ response: TokenUsage }>('GET', '/api/usage/tokens'),
  },
  agent: {
    messages: route<{ response: ChatHistory }>('GET', '/api/agent/messages'),
    clearMessages: route<{ response: Ok }>('DELETE', '/api/agent/messages'),
    status: route<{ response: AgentStatus }>('GET', '/api/agent/status'),
    sendMessage: route<{ body: SendChatMessageInput; events: ChatStreamEvent }>(
      'POST',
      '/api/agent/messages',
      { kind: 'events' },
    ),
  },
  learnedVoice: {
    /** What the twin learned from the user's edits, for the persona it writes as. */
    get: route<{ response: c.LearnedVoice }>('GET', '/api/learned-voice'),
    /** Forgets it: every (draft, sent) pair of that persona. */
    forget: route<{ response: c.LearnedVoice }>('DELETE', '/api/learned-voice'),
  },
  personas: {
    list: route<{ response: PersonaList }>('GET', '/api/personas'),
    create: route<{ body: CreatePersonaInput; response: Persona }>('POST', '/api/personas', { status: 201 }),
    get: route<{ params: { id: string }; response: Persona }>('GET', '/api/personas/:id'),
    update: route<{ params: { id: string }; body: UpdatePersonaInput; response: Persona }>(
      'PATCH',
      '/api/personas/:id',
    ),
    delete: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/personas/:id'),
    makeTwinVoice: route<{ params: { id: string }; response: Persona }>(
      'POST',
      '/api/personas/:id/twin-voice',
    ),
    startHighConceptAnalysis: route<{ params: { id: string }; response: Task }>(
      'POST',
      '/api/personas/:id/high-concept-analysis',
      { status: 201 },
    ),
    stats: route<{ params: { id: string }; response: PersonaStats }>('GET', '/api/personas/:id/stats'),
    templates: route<{ params: { id: string }; response: Out<typeof c.messageTemplateListSchema> }>(
      'GET',
      '/api/personas/:id/templates',
    ),
    createTemplate: route<{
      params: { id: string };
      body: CreateMessageTemplateInput;
      response: MessageTemplate;
    }>('POST', '/api/personas/:id/templates', { status: 201 }),
    updateTemplate: route<{
      params: { id: string; templateId: string };
      body: UpdateMessageTemplateInput;
      response: MessageTemplate;
    }>('PATCH', '/api/personas/:id/templates/:templateId'),
    deleteTemplate: route<{ params: { id: string; templateId: string }; response: Ok }>(
      'DELETE',
      '/api/personas/:id/templates/:templateId',
    ),
  },
  knowledge: {
    list: route<{ query: DocumentListQuery; response: DocumentList }>('GET', '/api/documents'),
    upload: route<{ response: UploadResult }>('POST', '/api/documents/upload', {
      multipart: true,
      status: 201,
    }),
    previewLink: route<{ body: In<typeof c.linkPreviewInputSchema>; response: LinkPreview }>(
      'POST',
      '/api/documents/link-preview',
    ),
    createLink: route<{ body: CreateLinkInput; response: KnowledgeDocument }>(
      'POST',
      '/api/documents/links',
      { status: 201 },
    ),
    createThought: route<{ body: CreateThoughtInput; response: KnowledgeDocument }>(
      'POST',
      '/api/documents/thoughts',
      { status: 201 },
    ),
    search: route<{ query: KnowledgeSearchQuery; response: KnowledgeSearchResult }>(
      'GET',
      '/api/documents/search',
    ),
    semanticStatus: route<{ response: SemanticSearchStatus }>('GET', '/api/documents/semantic-search'),
    resumeIndexing: route<{ response: SemanticSearchStatus }>(
      'POST',
      '/api/documents/semantic-search/resume',
    ),
    get: route<{ params: { id: string }; response: KnowledgeDocument }>('GET', '/api/documents/:id'),
    retry: route<{ params: { id: string }; response: KnowledgeDocument }>(
      'POST',
      '/api/documents/:id/retry',
      { multipart: true },
    ),
    delete: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/documents/:id'),
  },
  messengers: {
    list: route<{ response: MessengerList }>('GET', '/api/messengers'),
    connect: route<{ body: ConnectMessengerInput; response: MessengerConnection }>(
      'POST',
      '/api/messengers',
      { status: 201 },
    ),
    update: route<{ params: { id: string }; body: UpdateMessengerInput; response: MessengerConnection }>(
      'PATCH',
      '/api/messengers/:id',
    ),
    test: route<{ params: { id: string }; response: MessengerTestResult }>(
      'POST',
      '/api/messengers/:id/test',
    ),
    sync: route<{ params: { id: string }; response: MessengerSyncResult }>(
      'POST',
      '/api/messengers/:id/sync',
    ),
    disconnect: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/messengers/:id'),
    /** A WhatsApp connection's approved message templates (docs/decisions/034). */
    whatsAppTemplates: route<{ params: { id: string }; response: Out<typeof c.whatsAppTemplateListSchema> }>(
      'GET',
      '/api/messengers/:id/whatsapp-templates',
    ),
  },
  /** Settings → Messengers → Reddit and LinkedIn: accounts connected with OAuth (decision 032). */
  socialAccounts: {
    list: route<{ response: c.SocialAccountList }>('GET', '/api/social-accounts'),
    saveApp: route<{ params: SocialParams; body: c.SocialAppInput; response: c.SocialAccount }>(
      'PUT',
      '/api/social-accounts/:platform/app',
    ),
    removeApp: route<{ params: SocialParams; response: c.SocialAccount }>(
      'DELETE',
      '/api/social-accounts/:platform/app',
    ),
    connect: route<{ params: SocialParams; response: c.SocialConnectResult }>(
      'POST',
      '/api/social-accounts/:platform/connect',
    ),
    callback: route<{ params: SocialParams; body: c.SocialCallbackInput; response: c.SocialAccount }>(
      'POST',
      '/api/social-accounts/:platform/callback',
    ),
    disconnect: route<{ params: SocialParams; response: c.SocialAccount }>(
      'DELETE',
      '/api/social-accounts/:platform',
    ),
  },
  apiKeys: {
    list: route<{ response: ApiKeyList }>('GET', '/api/keys'),
    create: route<{ body: CreateApiKeyInput; response: CreatedApiKey }>('POST', '/api/keys', { status: 201 }),
    update: route<{ params: { id: string }; body: UpdateApiKeyInput; response: ApiKey }>(
      'PATCH',
      '/api/keys/:id',
    ),
    delete: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/keys/:id'),
  },
  mcpServers: {
    list: route<{ response: McpServerList }>('GET', '/api/mcp-servers'),
    create: route<{ body: CreateMcpServerInput; response: McpServer }>('POST', '/api/mcp-servers', {
      status: 201,
    }),
    update: route<{ params: { id: string }; body: UpdateMcpServerInput; response: McpServer }>(
      'PATCH',
      '/api/mcp-servers/:id',
    ),
    delete: route<{ params: { id: string } }>('DELETE', '/api/mcp-servers/:id', {
      kind: 'none',
      status: 204,
    }),
    test: route<{ params: { id: string }; response: McpServerTestResult }>(
      'POST',
      '/api/mcp-servers/:id/test',
    ),
  },
  campaigns: {
    list: route<{ query: ListCampaignsQuery; response: CampaignList }>('GET', '/api/campaigns'),
    create: route<{ body: CreateCampaignInput; response: Campaign }>('POST', '/api/campaigns', {
      status: 201,
    }),
    get: route<{ params: { id: string }; response: Campaign }>('GET', '/api/campaigns/:id'),
    update: route<{ params: { id: string }; body: UpdateCampaignInput; response: Campaign }>(
      'PATCH',
      '/api/campaigns/:id',
    ),
    changeStatus: route<{
      params: { id: string };
      body: In<typeof c.changeCampaignStatusInputSchema>;
      response: Campaign;
    }>('POST', '/api/campaigns/:id/status'),
    retry: route<{ params: { id: string }; response: Campaign }>('POST', '/api/campaigns/:id/retry'),
    delete: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/campaigns/:id'),
    analytics: route<{ params: { id: string }; response: CampaignAnalytics }>(
      'GET',
      '/api/campaigns/:id/analytics',
    ),
    sequence: route<{ params: { id: string }; response: SequenceFigures }>(
      'GET',
      '/api/campaigns/:id/sequence',
    ),
    leads: route<{ params: { id: string }; query: ListLeadsQuery; response: LeadPage }>(
      'GET',
      '/api/campaigns/:id/leads',
    ),
    createLead: route<{ params: { id: string }; body: CreateLeadInput; response: Lead }>(
      'POST',
      '/api/campaigns/:id/leads',
      { status: 201 },
    ),
    updateLeadStatus: route<{
      params: { id: string; leadId: string };
      body: In<typeof c.updateLeadStatusInputSchema>;
      response: Lead;
    }>('PATCH', '/api/campaigns/:id/leads/:leadId'),
    deleteLead: route<{ params: { id: string; leadId: string }; response: Ok }>(
      'DELETE',
      '/api/campaigns/:id/leads/:leadId',
    ),
    leadCsvHeaders: route<{
      params: { id: string };
      body: In<typeof c.csvHeadersInputSchema>;
      response: CsvHeaders;
    }>('POST', '/api/campaigns/:id/leads/csv-headers'),
    importLeads: route<{ params: { id: string }; body: ImportLeadsCsvInput; response: LeadImportReport }>(
      'POST',
      '/api/campaigns/:id/leads/import',
    ),
    bulkEmail: route<{ params: { id: string }; body: BulkEmailInput; response: BulkEmailResult }>(
      'POST',
      '/api/campaigns/:id/leads/bulk-email',
    ),
    callList: route<{ params: { id: string } }>('GET', '/api/campaigns/:id/leads/call-list.csv', {
      kind: 'text',
    }),
  },
  growth: {
    credentials: route<{ response: GrowthCredential[] }>('GET', '/api/growth/credentials'),
    saveCredential: route<{
      params: { provider: GrowthProvider };
      body: In<typeof c.saveGrowthCredentialInputSchema>;
      response: GrowthCredential;
    }>('PUT', '/api/growth/credentials/:provider'),
    deleteCredential: route<{ params: { provider: GrowthProvider }; response: Ok }>(
      'DELETE',
      '/api/growth/credentials/:provider',
    ),
  },
  signals: {
    sources: route<{ response: SignalSourceList }>('GET', '/api/signals/sources'),
    createSource: route<{ body: CreateSignalSourceInput; response: SignalSource }>(
      'POST',
      '/api/signals/sources',
      { status: 201 },
    ),
    updateSource: route<{ params: { id: string }; body: UpdateSignalSourceInput; response: SignalSource }>(
      'PATCH',
      '/api/signals/sources/:id',
    ),
    deleteSource: route<{ params: { id: string }; response: Ok }>('DELETE', '/api/signals/sources/:id'),
    pollSource: route<{ params: { id: string }; response: PollSignalSourceResult }>(
      'POST',
      '/api/signals/sources/:id/poll',
      { status: 202 },
    ),
    sourceItems: route<{ params: { id: string }; query: ListSignalItemsQuery; response: SignalItemList }>(
      'GET',
      '/api/signals/sources/:id/items',
    ),
    jobChanges: route<{ query: ListSignalItemsQuery; response: SignalItemList }>(
      'GET',
      '/api/signals/job-changes',
    ),
    recordJobChange: route<{ body: JobChangeInput; response: JobChangeResult }>(
      'POST',
      '/api/signals/job-changes',
    ),
    importJobChanges: route<{ body: ImportJobChangesInput; response: JobChangeImportReport }>(
      'POST',
      '/api/signals/job-changes/import',
    ),
  },
  v1: {
    /** The public API's OpenAPI document and its readable page, open without a key. */
    openApi: route('GET', '/api/v1/openapi.json', { hide: true }),
    docs: route('GET', '/api/v1/docs', { hide: true, kind: 'text' }),
    me: route<{ response: ApiKeyWhoAmI }>('GET', '/api/v1/me'),
    listContacts: route<{ query: ListContactsQuery; response: ContactList }>('GET', '/api/v1/contacts'),
    getContact: route<{ params: { id: string }; response: Contact }>('GET', '/api/v1/contacts/:id'),
    createContact: route<{ body: CreateContactInput; response: Contact }>('POST', '/api/v1/contacts', {
      status: 201,
    }),
    updateContact: route<{ params: { id: string }; body: UpdateContactInput; response: Contact }>(
      'PATCH',
      '/api/v1/contacts/:id',
    ),
    contactMessages: route<{
      params: { id: string };
      query: ContactHistoryQuery;
      response: ContactHistoryPage;
    }>('GET', '/api/v1/contacts/:id/messages'),
    sendContactMessage: route<{
      params: { id: string };
      body: SendContactMessageInput;
      response: HistoryEntry;
    }>('POST', '/api/v1/contacts/:id/messages', { status: 201 }),
    searchKnowledge: route<{ query: KnowledgeSearchQuery; response: KnowledgeSearchResult }>(
      'GET',
      '/api/v1/knowledge/search',
    ),
    listDocuments: route<{ query: DocumentListQuery; response: DocumentList }>(
      'GET',
      '/api/v1/knowledge/documents',
    ),
    getDocument: route<{ params: { id: string }; response: KnowledgeDocument }>(
      'GET',
      '/api/v1/knowledge/documents/:id',
    ),
    createThought: route<{ body: CreateThoughtInput; response: KnowledgeDocument }>(
      'POST',
      '/api/v1/knowledge/thoughts',
      { status: 201 },
    ),
    createLink: route<{ body: CreateLinkInput; response: KnowledgeDocument }>(
      'POST',
      '/api/v1/knowledge/links',
      { status: 201 },
    ),
    listAiModels: route<{ response: AiModelList }>('GET', '/api/v1/ai/models'),
    draftReply: route<{ body: DraftReplyInput; response: DraftReply }>('POST', '/api/v1/ai/drafts'),
  },
});

type Table = typeof routes;
/** 'tasks.list' for routes.tasks.list. */
export type RouteId = {
  [A in keyof Table]: `${A}.${Extract<keyof Table[A], string>}`;
}[keyof Table];
export type RouteById<Id extends RouteId> = Id extends `${infer A}.${infer N}`
  ? A extends keyof Table
    ? N extends keyof Table[A]
      ? Table[A][N]
      : never
    : never
  : never;

/** Every route of the table, in its order. */
export function allRoutes(): AnyRoute[] {
  const table: Record<string, Record<string, AnyRoute>> = routes;
  return Object.values(table).flatMap((group) => Object.values(group));
}

/** The route's path with its params filled in (each encoded), e.g. '/api/tasks/42/status'. */
export function pathOf(route: AnyRoute, params: Record<string, string> | undefined = {}): string {
  return route.path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.id}: missing param ${name}`);
    return encodeURIComponent(value);
  });
}
