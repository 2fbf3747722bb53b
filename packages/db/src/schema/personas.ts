import { personaDomainTypes, personaStatuses, templatePlatforms } from '@doppel/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

type TextList = string[];
type TextMap = Record<string, string>;

const list = (name: string) => jsonb(name).$type<TextList>().notNull().default([]);
const map = (name: string) => jsonb(name).$type<TextMap>().notNull().default({});
const prose = (name: string) => text(name).notNull().default('');

/**
 * The user's personas: identity, style and values, high concept and
 * brand bible. Lists and maps are typed JSON (contracts personaFieldsSchema checks their shape).
 */
export const personaProfiles = pgTable(
  'persona_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: prose('description'),
    position: prose('position'),
    companyName: prose('company_name'),
    domainType: text('domain_type', { enum: personaDomainTypes }).notNull().default('business'),
    industry: prose('industry'),
    location: prose('location'),
    avatarUrl: prose('avatar_url'),
    expertiseAreas: list('expertise_areas'),
    careerStage: prose('career_stage'),
    communicationStyle: prose('communication_style'),
    coreValues: list('core_values'),
    primaryMotivation: prose('primary_motivation'),
    decisionMakingStyle: prose('decision_making_style'),
    leadershipStyle: prose('leadership_style'),
    negotiationStyle: prose('negotiation_style'),
    coreConflict: prose('core_conflict'),
    growthEdge: prose('growth_edge'),
    contextTemplate: prose('context_template'),
    contextualPromptTemplate: prose('contextual_prompt_template'),
    domainContext: prose('domain_context'),
    status: text('status', { enum: personaStatuses }).notNull().default('active'),
    highConceptGoal: prose('high_concept_goal'),
    highConceptTargetAudience: list('high_concept_target_audience'),
    highConceptKeyChallenge: prose('high_concept_key_challenge'),
    highConceptPositioningNow: prose('high_concept_positioning_now'),
    highConceptPositioningFuture: prose('high_concept_positioning_future'),
    highConceptKeyMessages: list('high_concept_key_messages'),
    highConceptContentStrategy: map('high_concept_content_strategy'),
    highConceptNextSteps: list('high_concept_next_steps'),
    brandMission: prose('brand_mission'),
    brandSlogan: prose('brand_slogan'),
    brandTaglines: list('brand_taglines'),
    brandPersonality: map('brand_personality'),
    brandUsp: list('brand_usp'),
    brandVisualIdentity: map('brand_visual_identity'),
    brandPersonalStyle: prose('brand_personal_style'),
    brandContentThemes: list('brand_content_themes'),
    brandMediaStrategy: map('brand_media_strategy'),
    brandTestPlan: jsonb('brand_test_plan').$type<Record<string, TextMap>>().notNull().default({}),
    /** The persona the twin writes as; when none is marked, the oldest is. */
    twinVoice: boolean('twin_voice').notNull().default(false),
    /** Demo sandboxes' sample personas, labelled as such. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('persona_profiles_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('persona_profiles_one_twin_voice_idx')
      .on(table.userId)
      .where(sql`${table.twinVoice}`),
  ],
);

/** Message template, owned by one persona. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personaProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    variables: list('variables'),
    platform: text('platform', { enum: templatePlatforms }).notNull().default('universal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_templates_persona_idx').on(table.personaId, table.createdAt)],
);
