import { z } from 'zod';
import { emailDeliveryProblems } from './messengers';
import { publishProblems } from './social-accounts';
import { streamErrorSchema } from './errors';
import { TASKS_DEFAULT_LIMIT, TASKS_MAX_LIMIT, taskAssignees } from './task-constants';

export const taskTypes = [
  'message_reply',
  'proactive_message',
  'linkedin_post',
  'reddit_post',
  'reddit_comment',
  'high_concept_analysis',
] as const;
export const taskTypeSchema = z.enum(taskTypes);
export type TaskType = z.infer<typeof taskTypeSchema>;

export const taskPriorities = ['high', 'medium', 'low'] as const;
export const taskPrioritySchema = z.enum(taskPriorities);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const taskStatuses = ['pending', 'in_progress', 'completed'] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskAssigneeSchema = z.enum(taskAssignees);
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

export const triggerTypes = ['message', 'linkedin_job_change', 'rss_news', 'social_comment'] as const;
export const triggerTypeSchema = z.enum(triggerTypes);

/** Where a contact talks to the user, or where a signal about them came from. */
export const contactSources = [
  'telegram',
  'whatsapp',
  'slack',
  'discord',
  'gmail',
  'email',
  'linkedin',
  'facebook',
  'reddit',
  'other',
] as const;
export const contactSourceSchema = z.enum(contactSources);
export type ContactSource = z.infer<typeof contactSourceSchema>;

const text = (max: number) => z.string().max(max);

/** A knowledge-base passage the twin drew on, cited under what it wrote. */
export const knowledgeSourceSchema = z.object({
  documentId: z.string(),
  title: z.string().max(300),
  /** The matching passage, shortened around the match. */
  snippet: z.string().max(2000),
  /** How well it answered what was asked, 0–1 (KnowledgeSearchHit.score); absent on older tasks. */
  score: z.number().min(0).max(1).optional(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

/** The persona fields a draft can draw on, as "Why this draft" names them. */
export const provenancePersonaFields = [
  'name',
  'position',
  'companyName',
  'communicationStyle',
  'brandPersonalStyle',
  'coreValues',
  'highConceptKeyMessages',
  'brandTaglines',
  'contextualPromptTemplate',
] as const;
export type ProvenancePersonaField = (typeof provenancePersonaFields)[number];

/**
 * Why a draft is in the language it is: the language asked for by whoever requested it, the
 * fixed response language setting, the language the message or trigger was written in, the
 * contact's, or the interface language when none of those is known — or because the language
 * found is one Doppel cannot write in (`from` names it).
 */
export const draftLanguageReasons = [
  'requested',
  'setting',
  'message',
  'contact',
  'interface',
  'unsupported',
] as const;
export type DraftLanguageReason = (typeof draftLanguageReasons)[number];

/** The habits learned from the user's edits that the offline engine applied to a draft. */
export const learnedHabitKinds = ['greeting', 'signOff', 'length'] as const;
export type LearnedHabitKind = (typeof learnedHabitKinds)[number];

/**
 * What a generated draft was written with (issue 20, decision 037): who wrote it (the offline
 * engine, or the named model at its temperature), the persona and which of its fields, the
 * user's own earlier edits it learned from, and the language decision. The knowledge passages it
 * cites stay in the context's draftSources.
 */
export const draftProvenanceSchema = z
  .object({
    engine: z.enum(['offline', 'model']),
    model: text(200).nullable(),
    temperature: z.number().min(0).max(2).nullable(),
    persona: z
      .object({
        id: z.string().max(100),
        name: text(200),
        fields: z.array(z.enum(provenancePersonaFields)).max(provenancePersonaFields.length),
      })
      .strict()
      .nullable(),
    /** The (draft, sent) pairs of the user's learned voice used, shortened. */
    examples: z
      .array(z.object({ id: z.string().max(100), draft: text(600), sent: text(600) }).strict())
      .max(5),
    /** The offline engine: which learned habits it applied. */
    habits: z.array(z.enum(learnedHabitKinds)).max(learnedHabitKinds.length),
    language: z
      .object({
        code: z.string().min(2).max(10),
        reason: z.enum(draftLanguageReasons),
        /** 'unsupported': the language found, which Doppel cannot write in. */
        from: z.string().min(2).max(10).optional(),
      })
      .strict(),
    /**
     * The draft as generated, kept once the user saves an edited text over it: what a message
     * sent from that kind is compared with to learn the user's voice.
     */
    generated: text(20_000).optional(),
  })
  .strict();
export type DraftProvenance = z.infer<typeof draftProvenanceSchema>;

/**
 * Why a model's structured answer was not used: it failed the schema, and so did the one repair
 * asked for (docs/decisions/036). A code the web app words.
 */
export const modelFallbackReasons = ['invalid_answer'] as const;
export const modelFallbackSchema = z
  .object({ reason: z.enum(modelFallbackReasons), model: text(200) })
  .strict();
export type ModelFallback = z.infer<typeof modelFallbackSchema>;

/** What the twin found about a task; every part is optional. */
/**
 * What a recommendation is about, for its colour: urgent (red), opportunity (green), social
 * (blue), other (amber). Set by the engine, which writes the recommendation in the user's
 * language; without it the web app reads the English markers (24H/URGENT, OPPORTUNITY, SOCIAL).
 */
export const recommendationKinds = ['urgent', 'opportunity', 'social', 'other'] as const;
export type RecommendationKind = (typeof recommendationKinds)[number];

export const taskContextSchema = z
  .object({
    summary: text(4000),
    recommendation: text(4000),
    triggerType: triggerTypeSchema,
    /** ISO 639-1 code of the language to answer in, as the analysis found it. */
    language: z.string().min(2).max(10),
    /**
     * The contact writes in a language Doppel cannot write yet (`detected`, an ISO 639-1 code
     * such as 'it'): the task is answered in English (`language` is 'en') and says so. Absent
     * when the task is answered in the contact's own language.
     */
    languageFallback: z.object({ detected: z.string().min(2).max(10) }).strict(),
    /** Who wrote the analysis: 'offline' (the rule-based engine) or the model's id. */
    analyzedBy: text(200),
    recommendationKind: z.enum(recommendationKinds),
    /**
     * The analysis (or High Concept proposal) is the offline engine's because this model's
     * answer failed the schema twice.
     */
    analysisFallback: modelFallbackSchema,
    /** A post's suggestions are the offline engine's because this model's answer failed the schema twice. */
    draftsFallback: modelFallbackSchema,
    lastMessage: text(20_000),
    lastMessageOriginal: text(20_000),
    /** Email: the subject of the contact's last mail; the composer answers "Re: " it. */
    emailSubject: text(300),
    analysisData: z
      .object({ contactActivity: text(2000), opportunityType: text(500), recommendedApproach: text(2000) })
      .partial()
      .strict(),
    /**
     * Figures the platform gave about where a social task posts (docs/decisions/051). Only what
     * was measured is present; the web app says "not available" for the rest.
     */
    socialContext: z
      .object({
        platform: z.enum(['reddit', 'linkedin']),
        /** 'r/startups'. */
        community: text(500),
        /** The community's subscribers (Reddit's `subscribers`). */
        audienceSize: z.number().int().min(0),
        /** Accounts on the community when it was measured (Reddit's `active_user_count`). */
        activeUsers: z.number().int().min(0),
        /** A comment task's post: its score, comment count and share of upvotes (0–1). */
        postScore: z.number().int(),
        postComments: z.number().int().min(0),
        upvoteRatio: z.number().min(0).max(1),
        /** The median (score + comments) of recent posts ÷ audienceSize × 100. */
        engagementRate: z.number().min(0).max(100),
        /** The weekday (0 = Sunday) and UTC hour whose recent posts drew the most engagement. */
        bestPostingSlot: z
          .object({ weekday: z.number().int().min(0).max(6), hourUtc: z.number().int().min(0).max(23) })
          .strict(),
        /** How many recent posts the engagement rate and the best slot were computed from. */
        sampleSize: z.number().int().min(0),
        /** When the figures were read (ISO 8601). */
        measuredAt: z.iso.datetime({ offset: true }),
        /** Older rows only: a best time written as text. */
        bestPostingTime: text(200),
      })
      .partial()
      .strict(),
    triggerData: z
      .object({
        newsTitle: text(1000),
        newsSource: text(500),
        newsUrl: z.url().max(2000),
        jobChangeCompany: text(500),
        linkedinActivity: text(4000),
        platform: text(200),
        community: text(500),
        originalAuthor: text(500),
        originalPost: text(20_000),
        /** A Reddit post's fullname (t3_…): what a reddit_comment task's Publish replies to. */
        postId: z.string().regex(/^t3_[a-z0-9]{1,13}$/),
        /** The original post's address. */
        postUrl: z.url().max(2000),
      })
      .partial()
      .strict(),
    /**
     * High Concept Analysis tasks: the persona analysed and the engine's proposal for it. The
     * proposal's shape is personaProposalSchema (personas.ts), checked by the server when it is
     * written and again when it is accepted; kept loose here so every screen that reads tasks
     * does not download the persona schema.
     */
    personaId: z.uuid(),
    proposal: z.record(z.string().max(100), z.unknown()),
    /**
     * How the sent reply went out: through a connected messenger, or to send by hand; an email
     * is queued until the user's mail server accepts it (sent), refuses it (failed, with the
     * reason; Retry sends it again) or a crash left its fate unknown (unknown: the user checks the
     * Sent folder before Retry, so nothing goes out twice unasked).
     */
    delivery: z.object({
      status: z.enum(['sent', 'to_send_manually', 'queued', 'failed', 'unknown']),
      channel: contactSourceSchema.nullable(),
      at: z.string(),
      /** Why it failed or may not have gone out, as a code the app words. */
      reason: z.union([z.enum(emailDeliveryProblems), z.enum(publishProblems)]).optional(),
      /**
       * The other side's own words: the mail server's reply line ("550 5.1.1 User unknown"), or
       * Reddit's or LinkedIn's explanation of a refused post.
       */
      serverReply: z.string().max(1000).optional(),
      /** A published post or comment: its address on Reddit or LinkedIn. */
      link: z.url().max(2000).optional(),
      /** Rate limited: how long the platform asked to wait before trying again. */
      retryAfterSeconds: z.number().int().min(0).optional(),
      /** A Reddit post: the title and subreddit it was published with (Retry uses them again). */
      postTitle: z.string().max(300).optional(),
      community: z.string().max(100).optional(),
    }),
    /** The knowledge-base passages the analysis drew on, cited under it. */
    analysisSources: z.array(knowledgeSourceSchema).max(10),
    /** Campaign outreach tasks: the campaign and lead the task reaches out to. */
    campaignId: z.uuid(),
    leadId: z.uuid(),
    /** A campaign's follow-up: which message of the lead's sequence it is (1 is the first follow-up). */
    sequenceStep: z.number().int().min(1).max(10),
    /** Per draft kind, the knowledge-base passages the draft was grounded in. */
    draftSources: z.record(z.string().max(50), z.array(knowledgeSourceSchema).max(10)),
    /** Per draft kind, why the draft reads as it does ("Why this draft", decision 037). */
    draftProvenance: z.record(z.string().max(50), draftProvenanceSchema),
  })
  .partial()
  .strict();
export type TaskContext = z.infer<typeof taskContextSchema>;

/** Response kind (quick, detailed, professional, …) → draft text. */
export const taskResponsesSchema = z.record(z.string().min(1).max(50), z.string().max(20_000));

export const taskContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  source: contactSourceSchema,
  language: z.string(),
});

export const taskSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  contact: taskContactSchema.nullable(),
  type: taskTypeSchema,
  title: z.string(),
  description: z.string(),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  context: taskContextSchema,
  responses: taskResponsesSchema,
  assignee: taskAssigneeSchema.nullable(),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * GET /api/tasks. The app pages by cursor: `after` is a page's `nextCursor` (older tasks),
 * `before` its `prevCursor` (newer ones), and either costs what the first page does at any depth
 * (docs/decisions/055-keyset-lists.md). `page` (offset paging) stays for older clients; a cursor
 * wins over it.
 */
export const listTasksQuerySchema = z
  .object({
    status: taskStatusSchema.optional(),
    type: taskTypeSchema.optional(),
    priority: taskPrioritySchema.optional(),
    /** One contact's tasks (the contact page). */
    contactId: z.uuid().optional(),
    after: z.string().max(200).optional(),
    before: z.string().max(200).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(TASKS_MAX_LIMIT).default(TASKS_DEFAULT_LIMIT),
  })
  .strict()
  .refine((query) => !(query.after && query.before), {
    message: 'Send after or before, not both.',
    path: ['before'],
  });
export type ListTasksQuery = z.input<typeof listTasksQuerySchema>;

export const taskPageSchema = z.object({
  items: z.array(taskSchema),
  /** Tasks matching the filter, all pages together. */
  total: z.number().int(),
  /** The page number asked for; null for a page read by cursor. */
  page: z.number().int().nullable(),
  limit: z.number().int(),
  /** More (older) tasks after this page. */
  hasMore: z.boolean(),
  /** `after` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** `before` for the previous (newer) page; null on the first one. */
  prevCursor: z.string().nullable(),
});
export type TaskPage = z.infer<typeof taskPageSchema>;

export const createTaskInputSchema = z
  .object({
    title: z.string().trim().min(1, 'titleRequired').max(300),
    type: taskTypeSchema,
    /** Omitted: the analysis decides (medium when there is nothing to analyse). */
    priority: taskPrioritySchema.optional(),
    description: z.string().trim().max(5000).default(''),
    contactId: z.uuid().nullable().optional(),
    assignee: taskAssigneeSchema.nullable().optional(),
    dueAt: z.iso.datetime({ offset: true }).nullable().optional(),
    context: taskContextSchema.default({}),
  })
  .strict();
export type CreateTaskInput = z.input<typeof createTaskInputSchema>;

export const updateTaskStatusInputSchema = z.object({ status: taskStatusSchema }).strict();

/**
 * PATCH /api/tasks/:id: any of the status (same rules as the status route), who does the task
 * (null: nobody yet) and when it is due (ISO 8601 with an offset; null: no due date).
 */
export const updateTaskInputSchema = z
  .object({
    status: taskStatusSchema.optional(),
    assignee: taskAssigneeSchema.nullable().optional(),
    dueAt: z.iso.datetime({ offset: true, error: 'dueAtInvalid' }).nullable().optional(),
  })
  .strict()
  .refine(
    (input) => input.status !== undefined || input.assignee !== undefined || input.dueAt !== undefined,
    { message: 'nothingToChange' },
  );
export type UpdateTaskInput = z.input<typeof updateTaskInputSchema>;

/** What the board's bulk bar does to the selected tasks. */
export const bulkTaskActions = ['complete', 'delete'] as const;
export const bulkTaskActionSchema = z.enum(bulkTaskActions);
export type BulkTaskAction = z.infer<typeof bulkTaskActionSchema>;
export const BULK_TASKS_MAX = 100;
export const bulkTasksInputSchema = z
  .object({ ids: z.array(z.uuid()).min(1).max(BULK_TASKS_MAX), action: bulkTaskActionSchema })
  .strict();
export type BulkTasksInput = z.input<typeof bulkTasksInputSchema>;
/** How many of the caller's tasks the action changed (ids of other users' tasks count none). */
export const bulkTasksResultSchema = z.object({ changed: z.number().int().min(0) });
export type BulkTasksResult = z.infer<typeof bulkTasksResultSchema>;
export const saveTaskResponsesInputSchema = z.object({ responses: taskResponsesSchema }).strict();

export const taskIdParamsSchema = z.object({ id: z.uuid() });

/** Figures for filters: how many of the user's tasks have each status and priority. */
export const taskCountsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(taskStatusSchema, z.number().int()),
  byPriority: z.record(taskPrioritySchema, z.number().int()),
});
export type TaskCounts = z.infer<typeof taskCountsSchema>;

/** The composer's Send: the text, and which template kind it started from. */
export const sendTaskMessageInputSchema = z
  .object({
    text: z.string().trim().min(1, 'messageRequired').max(20_000),
    kind: z.string().trim().min(1).max(50).default('custom'),
    /** Email contacts: the subject (a reply to their mail defaults to "Re: " and its subject). */
    subject: z.string().trim().max(300, 'subjectTooLong').optional(),
    /** A Reddit post published through the user's account: its title (Reddit allows 300). */
    postTitle: z.string().trim().max(300, 'postTitleTooLong').optional(),
    /** A Reddit post: the subreddit (r/name or name); the task's community when left out. */
    community: z.string().trim().max(100, 'communityInvalid').optional(),
  })
  .strict();
export type SendTaskMessageInput = z.input<typeof sendTaskMessageInputSchema>;

/** The composer's Translate: the draft into the language the task is answered in. */
export const translateDraftInputSchema = z
  .object({ text: z.string().trim().min(1, 'messageRequired').max(20_000) })
  .strict();
export type TranslateDraftInput = z.infer<typeof translateDraftInputSchema>;

export const translateDraftResultSchema = z.object({
  text: z.string(),
  /** ISO 639-1 code the text was translated into. */
  language: z.string(),
  model: z.string(),
});
export type TranslateDraftResult = z.infer<typeof translateDraftResultSchema>;

/**
 * How a sent message left: delivered through a connected messenger, or recorded for the user to
 * send by hand (no messenger for that channel, or a post to publish on LinkedIn or Reddit).
 */
export const deliveryStatuses = ['sent', 'to_send_manually', 'queued', 'failed', 'unknown'] as const;
export const sendTaskMessageResultSchema = z.object({
  task: taskSchema,
  delivery: z.object({
    status: z.enum(deliveryStatuses),
    channel: contactSourceSchema.nullable(),
  }),
});
export type SendTaskMessageResult = z.infer<typeof sendTaskMessageResultSchema>;

/** Draft kinds the mobile screen generates. */
export const draftKinds = ['quick', 'detailed'] as const;
export const draftKindSchema = z.enum(draftKinds);
export type DraftKind = z.infer<typeof draftKindSchema>;
export const generateTaskDraftsInputSchema = z
  .object({ kinds: z.array(draftKindSchema).min(1).max(draftKinds.length) })
  .strict();

/** "Generate" in the composer: one draft kind, written as it streams. */
export const streamTaskDraftInputSchema = z.object({ kind: draftKindSchema }).strict();

/**
 * What POST /api/tasks/:id/drafts/stream sends, one server-sent event per line of text as the
 * model writes it, then the saved task. `engine` says who wrote the draft: the offline engine
 * (templates) or the named model.
 */
export const draftStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    task: taskSchema,
    engine: z.object({ kind: z.enum(['offline', 'model']), model: z.string().nullable() }),
  }),
  z.object({ type: z.literal('error'), error: streamErrorSchema }),
]);
export type DraftStreamEvent = z.infer<typeof draftStreamEventSchema>;
