import {
  acceptProposalInputSchema,
  personaProposalSchema,
  proposableFields,
  type AcceptProposalInput,
  type Persona,
  type KnowledgeSource,
  type PersonaProposal,
  type Task,
} from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { generateForUser, type ProviderModel, resolveModel } from '../ai-models';
import type { Actor } from '../../lib/actor';
import { jsonObjectIn, LANGUAGE_NAMES, OFFLINE_ENGINE } from '../engine';
import { describePassages, groundIn, keyTopics } from '../knowledge';
import { getUserSettings } from '../settings';
import { createTask, getTask, setTaskStatus } from '../tasks';
import { getPersona, setPersonaFields } from '../personas';
import { cutText } from '../../lib/text';

const NO_PROPOSAL = 'This task has no persona proposal to accept';

function isEmpty(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/**
 * The offline engine's proposal: rules that fill the persona's empty high-concept and brand
 * fields from what its profile already says (position, industry, expertise, values, style,
 * motivation). It never overwrites: filled fields are the user's. English, like every text of
 * the rule engine; a language model writes in the user's language.
 */
function offlineProposal(persona: Persona, sources: KnowledgeSource[]): PersonaProposal {
  const areas = persona.expertiseAreas;
  const role = persona.position || 'expert';
  const audience =
    persona.highConceptTargetAudience.length > 0
      ? persona.highConceptTargetAudience
      : persona.industry
        ? [`Decision-makers in ${persona.industry}`]
        : areas[0]
          ? [`Teams working on ${areas[0]}`]
          : [];
  const focus = areas.slice(0, 2).join(' and ');
  const candidates: PersonaProposal = {
    highConceptTargetAudience: audience,
    highConceptGoal: focus && audience[0] ? `Be the ${role} ${audience[0]} turn to for ${focus}` : '',
    highConceptKeyMessages: audience[0]
      ? areas.slice(0, 3).map((area) => `I help ${audience[0]} with ${area}`)
      : [],
    highConceptPositioningNow:
      persona.position && persona.companyName ? `${persona.position} at ${persona.companyName}` : '',
    highConceptNextSteps: areas[0]
      ? [
          `Publish one post a week about ${areas[0]}`,
          'Ask three trusted contacts how they would describe you in one sentence',
          'Turn your best answer to a customer into a public post',
        ]
      : [],
    highConceptContentStrategy: areas[0]
      ? { LinkedIn: `Weekly posts on ${areas.slice(0, 3).join(', ')}` }
      : {},
    brandMission: persona.primaryMotivation,
    brandTaglines: persona.coreValues.length > 0 ? [`${persona.coreValues.slice(0, 3).join('. ')}.`] : [],
    brandPersonality: persona.communicationStyle ? { tone: persona.communicationStyle } : {},
    brandUsp: areas
      .slice(0, 3)
      .map(
        (area) => `${persona.careerStage ? `${persona.careerStage}: ` : ''}hands-on experience in ${area}`,
      ),
    // Themes: the expertise areas, then what the user's own notes on them keep coming back to.
    brandContentThemes: [
      ...new Set([...areas.slice(0, 5), ...keyTopics(sources.map((source) => source.snippet).join('\n'), 3)]),
    ],
    brandPersonalStyle: persona.communicationStyle,
  };
  return Object.fromEntries(
    Object.entries(candidates).filter(
      ([field, value]) => !isEmpty(value) && isEmpty(persona[field as keyof PersonaProposal]),
    ),
  );
}

async function modelProposal(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  persona: Persona,
  sources: KnowledgeSource[],
): Promise<PersonaProposal> {
  const { language } = await getUserSettings(ctx, userId);
  const { id: _id, ownerEmail: _email, isTwinVoice: _voice, isSample: _sample, ...profile } = persona;
  const answer = await generateForUser(ctx, userId, model, {
    purpose: 'analysis',
    system: [
      'You are a brand strategist. From the persona profile below, propose its high concept and brand bible.',
      `Answer with one JSON object and nothing else, in ${LANGUAGE_NAMES[language]}, with any of these keys: ${proposableFields.join(', ')}.`,
      'Strings for text fields, arrays of short strings for lists (target audience, key messages, next steps, taglines, USP, content themes), objects of label to text for maps (content strategy, personality, visual identity, media strategy).',
      'Improve on what is there; leave out a key rather than repeat its current value.',
      ...describePassages(sources),
    ].join('\n'),
    prompt: JSON.stringify(profile, null, 1),
    temperature: 0.4,
  });
  const parsed = personaProposalSchema.strip().safeParse(jsonObjectIn(answer.text));
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    throw new AppError(
      'ai_provider_failed',
      `${model.config.model} did not answer with a persona proposal: ${cutText(answer.text, 200)}`,
    );
  }
  return parsed.data;
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
  const proposal =
    model.kind === 'offline'
      ? offlineProposal(persona, grounding.sources)
      : await modelProposal(ctx, auth.userId, model, persona, grounding.sources);
  const count = Object.keys(proposal).length;
  const task = await createTask(ctx, auth.userId, {
    title: `High Concept Analysis: ${persona.name}`,
    type: 'high_concept_analysis',
    priority: 'medium',
    description: persona.description,
    context: {
      personaId,
      proposal,
      analyzedBy: model.kind === 'offline' ? OFFLINE_ENGINE : model.config.model,
      summary:
        count > 0
          ? `${count} high-concept and brand-bible fields proposed for ${persona.name}.`
          : `Nothing to propose for ${persona.name}: fill in the profile (position, expertise, values, style) first.`,
      recommendation:
        count > 0
          ? 'OPPORTUNITY: review the proposal and accept what fits'
          : 'OPPORTUNITY: complete the persona profile',
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
    throw new AppError('conflict', NO_PROPOSAL);
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
      throw new AppError('not_found', 'Persona not found');
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
