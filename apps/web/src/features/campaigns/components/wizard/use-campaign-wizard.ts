import {
  campaignSources,
  CONTACT_SOURCES,
  createCampaignInputSchema,
  enrichmentToolIds,
  isTargetCountValid,
  nextWizardStep,
  outreachChannelIds,
  previousWizardStep,
  TARGET_CONTACTS_DEFAULT,
  TARGET_CONTACTS_RESET,
  WIZARD_STEPS,
  wizardPercent,
  type AccountType,
  type CampaignGoal,
  type CampaignSource,
  type CreateCampaignInput,
  type EnrichmentTool,
  type OutreachChannel,
  type WizardStep,
} from '@doppel/contracts';
import { useCallback, useMemo, useReducer } from 'react';
import { z } from 'zod';

/**
 * What the wizard holds between its steps: the one store of every value, the name and the target
 * included. The review and extraction steps edit those two through form-kit forms that start from
 * this state and hand each edit straight back (setName, setTargetText); the kit checks the text and
 * shows its problem, Continue and Launch read the state.
 */
export interface WizardState {
  /** 0–4: goal, extraction, enrichment, engagement, review. */
  step: number;
  goal: CampaignGoal | null;
  name: string;
  sources: CampaignSource[];
  /** As typed, so a half-typed or out-of-range figure can be shown with its error. */
  targetText: string;
  tools: EnrichmentTool[];
  channels: OutreachChannel[];
  /** Who sends the messages (the review step): the user, or the twin on its own. */
  accountType: AccountType;
  /** The target a fresh wizard starts with: 100 at first, 50 after a launch. */
  freshTarget: number;
}

export type WizardAction =
  | { type: 'goal'; goal: CampaignGoal; defaultName: (goal: CampaignGoal) => string }
  | { type: 'source'; id: CampaignSource }
  | { type: 'tool'; id: EnrichmentTool }
  | { type: 'channel'; id: OutreachChannel }
  | { type: 'account'; accountType: AccountType }
  | { type: 'target'; text: string }
  | { type: 'name'; name: string }
  | { type: 'next' }
  | { type: 'back' }
  /** Cancel or close: a fresh wizard with the current starting target. */
  | { type: 'discard' }
  /** After Launch: goal cleared, name empty, selections empty, target back to 50. */
  | { type: 'launched' };

export function initialWizardState(freshTarget: number = TARGET_CONTACTS_DEFAULT): WizardState {
  return {
    step: 0,
    goal: null,
    name: '',
    sources: [],
    targetText: String(freshTarget),
    tools: [],
    channels: [],
    accountType: 'personal',
    freshTarget,
  };
}

/** A source with no open API imports nothing, so it cannot be chosen (CONTACT_SOURCES' access). */
export function isSourceAvailable(id: CampaignSource): boolean {
  return CONTACT_SOURCES.find((source) => source.id === id)?.access !== 'unavailable';
}

/** Adds or removes `id`, keeping the spec's order whatever order they were picked in. */
function toggle<T extends string>(order: readonly T[], list: readonly T[], id: T): T[] {
  const next = list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
  return order.filter((item) => next.includes(item));
}

/** The typed target as a number; NaN unless it is a plain whole number. */
export function parseTargetCount(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The wizard's typed fields as their inputs hold them, checked by the create contract's own rules:
 * Continue and Launch read them here, and the steps' kit forms show their problems with them.
 */
export const wizardFieldsSchema = z.object({
  name: createCampaignInputSchema.shape.name,
  targetText: z.string().transform(parseTargetCount).pipe(createCampaignInputSchema.shape.targetContactCount),
});

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'goal': {
      // The name follows the goal until the user writes one of their own.
      const previous = state.goal ? action.defaultName(state.goal) : '';
      const keepName = state.name.trim() !== '' && state.name !== previous;
      return { ...state, goal: action.goal, name: keepName ? state.name : action.defaultName(action.goal) };
    }
    case 'source':
      // An unavailable source can still be taken away, never added.
      if (!isSourceAvailable(action.id) && !state.sources.includes(action.id)) return state;
      return { ...state, sources: toggle(campaignSources, state.sources, action.id) };
    case 'tool':
      return { ...state, tools: toggle(enrichmentToolIds, state.tools, action.id) };
    case 'channel':
      return { ...state, channels: toggle(outreachChannelIds, state.channels, action.id) };
    case 'account':
      return { ...state, accountType: action.accountType };
    case 'target':
      return { ...state, targetText: action.text };
    case 'name':
      return { ...state, name: action.name };
    case 'next':
      return stepIsValid(state, state.step) ? { ...state, step: nextWizardStep(state.step) } : state;
    case 'back':
      return { ...state, step: previousWizardStep(state.step) };
    case 'discard':
      return initialWizardState(state.freshTarget);
    case 'launched':
      return initialWizardState(TARGET_CONTACTS_RESET);
  }
}

/** Wizard: what each step needs before Continue (or Launch) is enabled. */
export function stepIsValid(state: WizardState, step: number): boolean {
  switch (WIZARD_STEPS[step]) {
    case 'goal':
      return state.goal !== null;
    case 'extraction':
      return (
        state.sources.length > 0 && wizardFieldsSchema.shape.targetText.safeParse(state.targetText).success
      );
    case 'enrichment':
      return state.tools.length > 0;
    case 'engagement':
      return state.channels.length > 0;
    case 'review':
      return wizardFieldsSchema.shape.name.safeParse(state.name).success;
    default:
      return false;
  }
}

/** The POST body, once every step is valid; the server builds the whole draft from it. */
export function wizardPayload(state: WizardState, description: string): CreateCampaignInput | null {
  const allValid = WIZARD_STEPS.every((_, index) => stepIsValid(state, index));
  if (!allValid || !state.goal) return null;
  return {
    goal: state.goal,
    name: state.name.trim(),
    description,
    sources: state.sources,
    targetContactCount: parseTargetCount(state.targetText),
    tools: state.tools,
    channels: state.channels,
    accountType: state.accountType,
  };
}

/** The wizard's state and moves; selections toggle, steps are bounded. */
export function useCampaignWizard() {
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initialWizardState());
  const step: WizardStep = WIZARD_STEPS[state.step] ?? 'goal';
  const targetCount = parseTargetCount(state.targetText);

  const chooseGoal = useCallback(
    (goal: CampaignGoal, defaultName: (goal: CampaignGoal) => string) =>
      dispatch({ type: 'goal', goal, defaultName }),
    [],
  );
  const actions = useMemo(
    () => ({
      chooseGoal,
      toggleSource: (id: CampaignSource) => dispatch({ type: 'source', id }),
      toggleTool: (id: EnrichmentTool) => dispatch({ type: 'tool', id }),
      toggleChannel: (id: OutreachChannel) => dispatch({ type: 'channel', id }),
      setAccountType: (accountType: AccountType) => dispatch({ type: 'account', accountType }),
      setTargetText: (text: string) => dispatch({ type: 'target', text }),
      setName: (name: string) => dispatch({ type: 'name', name }),
      next: () => dispatch({ type: 'next' }),
      back: () => dispatch({ type: 'back' }),
      discard: () => dispatch({ type: 'discard' }),
      launched: () => dispatch({ type: 'launched' }),
    }),
    [chooseGoal],
  );

  return {
    state,
    step,
    stepNumber: state.step + 1,
    totalSteps: WIZARD_STEPS.length,
    percent: wizardPercent(state.step),
    isFirst: state.step === 0,
    isLast: state.step === WIZARD_STEPS.length - 1,
    canContinue: stepIsValid(state, state.step),
    targetCount,
    targetValid: isTargetCountValid(targetCount),
    ...actions,
  };
}

export type CampaignWizardModel = ReturnType<typeof useCampaignWizard>;
