import { z } from 'zod';
import { taskSchema } from './tasks';

/** Persona profile: domain_type. */
export const personaDomainTypes = ['business', 'personal', 'creative', 'startup'] as const;
export const personaDomainTypeSchema = z.enum(personaDomainTypes);
export type PersonaDomainType = z.infer<typeof personaDomainTypeSchema>;

/** A persona in use, one being prepared, or one put aside; the mobile "Active" tile counts the first. */
export const personaStatuses = ['active', 'draft', 'archived'] as const;
export const personaStatusSchema = z.enum(personaStatuses);
export type PersonaStatus = z.infer<typeof personaStatusSchema>;

/** Message template: platform is universal or a messenger. */
export const templatePlatforms = ['universal', 'telegram', 'whatsapp', 'slack', 'discord'] as const;
export const templatePlatformSchema = z.enum(templatePlatforms);
export type TemplatePlatform = z.infer<typeof templatePlatformSchema>;

const shortText = (max = 300) => z.string().trim().max(max);
const longText = (max = 5000) => z.string().trim().max(max);
/** Lists the spec gives (expertise areas, core values, taglines…): short, non-empty items. */
const textList = z.array(z.string().trim().min(1).max(300)).max(50);
/** Maps the spec gives (personality, visual identity, media strategy…): label → text. */
const textMap = z
  .record(z.string().trim().min(1).max(100), z.string().trim().max(2000))
  .refine((map) => Object.keys(map).length <= 50, 'tooManyEntries');
/** brand_test_plan: a map of maps (e.g. experiment → { hypothesis, metric, … }). */
const textMapOfMaps = z
  .record(z.string().trim().min(1).max(100), textMap)
  .refine((map) => Object.keys(map).length <= 30, 'tooManyEntries');

/** Every editable field of a persona, with the type its control edits. */
export const personaFieldsSchema = z.object({
  name: z.string().trim().min(1, 'nameRequired').max(200),
  description: longText(),
  position: shortText(),
  companyName: shortText(),
  domainType: personaDomainTypeSchema,
  industry: shortText(),
  location: shortText(),
  avatarUrl: z.union([
    z.literal(''),
    z
      .url()
      .max(2000)
      .refine((url) => /^https?:\/\//i.test(url), 'httpOnly'),
  ]),
  expertiseAreas: textList,
  careerStage: shortText(),
  communicationStyle: longText(2000),
  coreValues: textList,
  primaryMotivation: longText(2000),
  decisionMakingStyle: longText(2000),
  leadershipStyle: longText(2000),
  negotiationStyle: longText(2000),
  coreConflict: longText(2000),
  growthEdge: longText(2000),
  contextTemplate: longText(),
  contextualPromptTemplate: longText(),
  domainContext: longText(),
  status: personaStatusSchema,
  // High concept
  highConceptGoal: longText(2000),
  highConceptTargetAudience: textList,
  highConceptKeyChallenge: longText(2000),
  highConceptPositioningNow: longText(2000),
  highConceptPositioningFuture: longText(2000),
  highConceptKeyMessages: textList,
  highConceptContentStrategy: textMap,
  highConceptNextSteps: textList,
  // Brand bible
  brandMission: longText(2000),
  brandSlogan: shortText(),
  brandTaglines: textList,
  brandPersonality: textMap,
  brandUsp: textList,
  brandVisualIdentity: textMap,
  brandPersonalStyle: longText(2000),
  brandContentThemes: textList,
  brandMediaStrategy: textMap,
  brandTestPlan: textMapOfMaps,
});
export type PersonaFields = z.infer<typeof personaFieldsSchema>;
export type PersonaField = keyof PersonaFields;

/** The high-concept and brand-bible fields a High Concept Analysis may propose. */
export const proposableFields = [
  'highConceptGoal',
  'highConceptTargetAudience',
  'highConceptKeyChallenge',
  'highConceptPositioningNow',
  'highConceptPositioningFuture',
  'highConceptKeyMessages',
  'highConceptContentStrategy',
  'highConceptNextSteps',
  'brandMission',
  'brandSlogan',
  'brandTaglines',
  'brandPersonality',
  'brandUsp',
  'brandVisualIdentity',
  'brandPersonalStyle',
  'brandContentThemes',
  'brandMediaStrategy',
] as const satisfies readonly PersonaField[];
export type ProposableField = (typeof proposableFields)[number];

export const personaProposalSchema = personaFieldsSchema
  .pick(Object.fromEntries(proposableFields.map((field) => [field, true])) as Record<ProposableField, true>)
  .partial();
export type PersonaProposal = z.infer<typeof personaProposalSchema>;

/** The fields of the proposal the user accepts; the rest are left as they are. */
export const acceptProposalInputSchema = z
  .object({ fields: z.array(z.enum(proposableFields)).min(1, 'chooseAField') })
  .strict();
export type AcceptProposalInput = z.infer<typeof acceptProposalInputSchema>;

export const personaSchema = personaFieldsSchema.extend({
  id: z.string(),
  ownerEmail: z.string(),
  /** The persona the twin writes as (one per user; the first created until the user picks). */
  isTwinVoice: z.boolean(),
  /** Sample personas exist in demo mode only and say so. */
  isSample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Persona = z.infer<typeof personaSchema>;

export const personaListSchema = z.object({ items: z.array(personaSchema) });
export type PersonaList = z.infer<typeof personaListSchema>;

/** Create: a name is required; everything else starts empty (strict: unknown fields refused). */
export const createPersonaInputSchema = personaFieldsSchema.partial().required({ name: true }).strict();
export type CreatePersonaInput = z.input<typeof createPersonaInputSchema>;

/** Update: only the fields sent change; unknown fields are refused, not ignored. */
export const updatePersonaInputSchema = personaFieldsSchema.partial().strict();
export type UpdatePersonaInput = z.input<typeof updatePersonaInputSchema>;

export const personaIdParamsSchema = z.object({ id: z.uuid() });

/** User stats per persona: its contacts and the messages exchanged with them. */
export const personaStatsSchema = z.object({
  personaId: z.string(),
  contacts: z.number().int(),
  messages: z.number().int(),
});
export type PersonaStats = z.infer<typeof personaStatsSchema>;

/** Message template. */
export const messageTemplateFieldsSchema = z.object({
  name: z.string().trim().min(1, 'nameRequired').max(200),
  content: z.string().trim().min(1, 'contentRequired').max(5000),
  /** Placeholders the content uses beyond {name}, {company} and {message}. */
  variables: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\w{1,50}$/, 'variableName'),
    )
    .max(20),
  platform: templatePlatformSchema,
});

export const messageTemplateSchema = messageTemplateFieldsSchema.extend({
  id: z.string(),
  personaId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateListSchema = z.object({ items: z.array(messageTemplateSchema) });

export const createMessageTemplateInputSchema = messageTemplateFieldsSchema
  .partial({ variables: true, platform: true })
  .strict();
export type CreateMessageTemplateInput = z.input<typeof createMessageTemplateInputSchema>;

export const updateMessageTemplateInputSchema = messageTemplateFieldsSchema.partial().strict();
export type UpdateMessageTemplateInput = z.input<typeof updateMessageTemplateInputSchema>;

export const messageTemplateParamsSchema = z.object({ id: z.uuid(), templateId: z.uuid() });

/** Fills {name}, {company}, {message} and any other {variable} it has a value for. */
export function fillMessageTemplate(content: string, values: Record<string, string>): string {
  return content.replace(/\{(\w+)\}/g, (slot, key: string) => values[key] ?? slot);
}

/** Accepting a High-Concept proposal answers with the task and the persona it changed. */
export const acceptProposalResultSchema = z.object({ task: taskSchema, persona: personaSchema });
export type AcceptProposalResult = z.infer<typeof acceptProposalResultSchema>;
