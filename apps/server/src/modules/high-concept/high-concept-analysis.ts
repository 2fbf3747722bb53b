import {
  acceptProposalInputSchema,
  personaProposalSchema,
  proposableFields,
  type AcceptProposalInput,
  type Persona,
  type KnowledgeSource,
  type ModelFallback,
  type PersonaProposal,
  type InterfaceLanguage,
  type Task,
} from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import { textsIn } from '../../lib/translations';
import type { AppContext } from '../../lib/context';
import { generateObjectForUser, type ProviderModel, resolveModel } from '../ai-models';
import type { Actor } from '../../lib/actor';
import { LANGUAGE_NAMES, OFFLINE_ENGINE } from '../engine';
import { describePassages, groundIn, keyTopics } from '../knowledge';
import { getUserSettings } from '../settings';
import { createTask, getTask, setTaskStatus } from '../tasks';
import { getPersona, setPersonaFields } from '../personas';

const NO_PROPOSAL = 'This task has no persona proposal to accept';

function isEmpty(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** The areas, then the topics that are not one of them in other letters' case. */
function themes(areas: string[], topics: string[]): string[] {
  const seen = new Set(areas.map((area) => area.toLowerCase()));
  return [...areas, ...topics.filter((topic) => !seen.has(topic.toLowerCase()))];
}

/**
 * The offline engine's proposal: rules that fill the persona's empty high-concept and brand
 * fields from what its profile already says (position, industry, expertise, values, style,
 * motivation). It never overwrites: filled fields are the user's. Written in the user's interface
 * language from the `twin` texts (decision 038), lists joined the language's own way.
 */
export function offlineProposal(
  persona: Persona,
  sources: KnowledgeSource[],
  language: InterfaceLanguage = 'en',
): PersonaProposal {
  const t = textsIn(language);
  const and = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
  const areas = persona.expertiseAreas;
  const role = persona.position || t('highConcept.expert');
  // The audience as a list item, and as words inside a sentence (lower case where the
  // language writes it so).
  const own = persona.highConceptTargetAudience;
  const generated = own.length > 0 ? null : persona.industry ? 'Industry' : areas[0] ? 'Area' : null;
  const values = { industry: persona.industry ?? '', area: areas[0] ?? '' };
  const audience = own.length > 0 ? own : generated ? [t(`highConcept.audience${generated}`, values)] : [];
  const audienceInSentence = own[0] ?? (generated ? t(`highConcept.audience${generated}Inline`, values) : '');
  const focus = and.format(areas.slice(0, 2));
  const candidates: PersonaProposal = {
    highConceptTargetAudience: audience,
    highConceptGoal:
      focus && audienceInSentence ? t('highConcept.goal', { role, audience: audienceInSentence, focus }) : '',
    highConceptKeyMessages: audienceInSentence
      ? areas.slice(0, 3).map((area) => t('highConcept.keyMessage', { audience: audienceInSentence, area }))
      : [],
    highConceptPositioningNow:
      persona.position && persona.companyName
        ? t('highConcept.positioning', { position: persona.position, company: persona.companyName })
        : '',
    highConceptNextSteps: areas[0]
      ? [
          t('highConcept.stepWeeklyPost', { area: areas[0] }),
          t('highConcept.stepAskContacts'),
          t('highConcept.stepCustomerAnswer'),
        ]
      : [],
    highConceptContentStrategy: areas[0]
      ? { LinkedIn: t('highConcept.weeklyPosts', { areas: and.format(areas.slice(0, 3)) }) }
      : {},
    brandMission: persona.primaryMotivation,
    brandTaglines: persona.coreValues.length > 0 ? [`${persona.coreValues.slice(0, 3).join('. ')}.`] : [],
    brandPersonality: persona.communicationStyle
      ? { [t('highConcept.tone')]: persona.communicationStyle }
      : {},
    brandUsp: areas
      .slice(0, 3)
      .map((area) =>
        persona.careerStage
          ? t('highConcept.uspStage', { stage: persona.careerStage, area })
          : t('highConcept.usp', { area }),
      ),
    // Themes: the expertise areas, then the key phrases of the user's own notes on them.
    brandContentThemes: themes(
      areas.slice(0, 5),
      keyTopics(sources.map((source) => source.snippet).join('\n'), 3),
    ),
    brandPersonalStyle: persona.communicationStyle,
  };
  return Object.fromEntries(
    Object.entries(candidates).filter(
      ([field, value]) => !isEmpty(value) && isEmpty(persona[field as keyof PersonaProposal]),
    ),
  );
}

/** A model's proposal must propose something: an empty object is no answer. */
const modelProposalSchema = personaProposalSchema.refine(
  (proposal) => Object.keys(proposal).length > 0,
  'Propose at least one of the fields',
);

/**
 * The model's proposal, a structured answer (contracts' personaProposalSchema); an answer that
 * fails the schema, and its one repair, comes back as the label of the offline proposal used instead.
 */
async function modelProposal(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  persona: Persona,
  sources: KnowledgeSource[],
): Promise<{ ok: true; proposal: PersonaProposal } | { ok: false; fallback: ModelFallback }> {
  const { language } = await getUserSettings(ctx, userId);
  const { id: _id, ownerEmail: _email, isTwinVoice: _voice, isSample: _sample, ...profile } = persona;
  const answer = await generateObjectForUser(ctx, userId, model, {
    purpose: 'analysis',
    system: [
      'You are a brand strategist. From the persona profile below, propose its high concept and brand bible.',
      `Answer with one JSON object of the given schema and nothing else, in ${LANGUAGE_NAMES[language]}, with any of these keys: ${proposableFields.join(', ')}.`,
      'Strings for text fields, arrays of short strings for lists (target audience, key messages, next steps, taglines, USP, content themes), objects of label to text for maps (content strategy, personality, visual identity, media strategy).',
      'Improve on what is there; leave out a key rather than repeat its current value.',
      ...describePassages(sources),
    ].join('\n'),
    prompt: JSON.stringify(profile, null, 1),
    temperature: 0.4,
    schema: modelProposalSchema,
    schemaName: 'persona_proposal',
  });
  if (!answer.ok) return { ok: false, fallback: { reason: answer.reason, model: answer.model } };
  return { ok: true, proposal: answer.object };
}

/**
 * A High Concept Analysis (task type high_concept_analysis): the engine proposes high-concept
 * and brand-bible content for the persona, stored in the task for the user to review field by
 * field. With a model the proposal is the model's; a provider failure creates nothing.
 */
export async function startHighConceptAnalysis(
  ctx: AppContext,
  auth: Actor,
  personaId: string,
): Promise<Task> {
  const persona = await getPersona(ctx.db, auth.userId, personaId);
  const model = await resolveModel(ctx, auth);
  const grounding = await groundIn(ctx, auth.userId, personaSearchText(persona));
  const answer =
    model.kind === 'offline'
      ? null
      : await modelProposal(ctx, auth.userId, model, persona, grounding.sources);
  // The user reads the task (and the offline proposal) in their interface language.
  const { language } = await getUserSettings(ctx, auth.userId);
  const t = textsIn(language);
  // Without a model, or when the model's answer failed the schema twice, the offline proposal.
  const proposal = answer?.ok ? answer.proposal : offlineProposal(persona, grounding.sources, language);
  const count = Object.keys(proposal).length;
  const marked = (text: string) => t('markers.line', { marker: t('markers.opportunity'), text });
  const task = await createTask(ctx, auth.userId, {
    title: t('highConcept.title', { name: persona.name }),
    type: 'high_concept_analysis',
    priority: 'medium',
    description: persona.description,
    context: {
      personaId,
      proposal,
      analyzedBy: answer?.ok && model.kind === 'provider' ? model.config.model : OFFLINE_ENGINE,
      ...(answer && !answer.ok && { analysisFallback: answer.fallback }),
      summary:
        count > 0
          ? t('highConcept.summary', { count, name: persona.name })
          : t('highConcept.nothing', { name: persona.name }),
      recommendation: marked(count > 0 ? t('highConcept.review') : t('highConcept.completeProfile')),
      recommendationKind: 'opportunity',
    },
  });
  await grounding.recordUse(`task:${task.id}`);
  return task;
}

/** Applies the chosen fields of a task's proposal to its persona and completes the task. */
export async function acceptProposal(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: AcceptProposalInput,
): Promise<{ task: Task; persona: Persona }> {
  const { fields } = acceptProposalInputSchema.parse(input);
  const task = await getTask(ctx.db, userId, taskId);
  const { personaId } = task.context;
  // Checked again here: a task's context can also come from the API, and only persona fields
  // of the right types may reach the persona.
  const stored = personaProposalSchema.strict().safeParse(task.context.proposal);
  if (task.type !== 'high_concept_analysis' || !personaId || !stored.success) {
    throw new AppError('conflict', NO_PROPOSAL, { reason: 'no_persona_proposal' });
  }
  const proposal = stored.data;
  const chosen = Object.fromEntries(
    fields.filter((field) => proposal[field] !== undefined).map((field) => [field, proposal[field]]),
  );
  if (Object.keys(chosen).length === 0) {
    throw new AppError('validation_failed', undefined, { fields: { fields: 'notInProposal' } });
  }
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await setPersonaFields(tx, userId, personaId, chosen, now))) {
      throw new AppError('not_found', 'Persona not found', { reason: 'persona_not_found' });
    }
    await setTaskStatus(tx, { userId }, taskId, 'completed', now);
    return { task: await getTask(tx, userId, taskId), persona: await getPersona(tx, userId, personaId) };
  });
  return result;
}

/** What a persona is about, as words to search the knowledge base with. */
function personaSearchText(persona: Persona): string {
  return [
    persona.description,
    persona.position,
    persona.industry,
    ...persona.expertiseAreas,
    ...persona.coreValues,
    persona.highConceptGoal,
  ]
    .filter(Boolean)
    .join('\n');
}
