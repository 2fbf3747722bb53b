import type { CampaignGoal } from '@doppel/contracts';
import { describe, expect, it } from 'vitest';
import {
  initialWizardState,
  parseTargetCount,
  stepIsValid,
  wizardPayload,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './use-campaign-wizard';

const defaultName = (goal: CampaignGoal) => `${goal} title`;
const run = (actions: WizardAction[], state = initialWizardState()) => actions.reduce(wizardReducer, state);

/** A wizard with every step answered, on the review. */
function complete(): WizardState {
  return run([
    { type: 'goal', goal: 'find_partners', defaultName },
    { type: 'next' },
    { type: 'source', id: 'manual_input' },
    { type: 'next' },
    { type: 'tool', id: 'hunter' },
    { type: 'next' },
    { type: 'channel', id: 'phone' },
    { type: 'next' },
  ]);
}

describe('campaign wizard state', () => {
  it('starts on the goal step with nothing chosen and a target of 100', () => {
    expect(initialWizardState()).toMatchObject({
      step: 0,
      goal: null,
      name: '',
      sources: [],
      tools: [],
      channels: [],
      targetText: '100',
    });
  });

  it('keeps the steps between the first and the last, and moves on only from a valid step', () => {
    expect(run([{ type: 'back' }]).step).toBe(0);
    expect(run([{ type: 'next' }]).step).toBe(0);
    const review = complete();
    expect(review.step).toBe(4);
    expect(wizardReducer(review, { type: 'next' }).step).toBe(4);
    expect(wizardReducer(review, { type: 'back' }).step).toBe(3);
  });

  it('keeps choices in the spec’s order and toggles them off again', () => {
    const state = run([
      { type: 'source', id: 'manual_input' },
      { type: 'source', id: 'pipedrive' },
      { type: 'source', id: 'csv_upload' },
      { type: 'source', id: 'manual_input' },
      { type: 'tool', id: 'rocketreach' },
      { type: 'tool', id: 'clearbit' },
      { type: 'channel', id: 'direct_mail' },
      { type: 'channel', id: 'linkedin' },
    ]);
    expect(state.sources).toEqual(['pipedrive', 'csv_upload']);
    expect(state.tools).toEqual(['clearbit', 'rocketreach']);
    expect(state.channels).toEqual(['linkedin', 'direct_mail']);
  });

  it('never adds a source with no open API', () => {
    const state = run([
      { type: 'source', id: 'linkedin_search' },
      { type: 'source', id: 'web_deep_search' },
      { type: 'source', id: 'apollo_search' },
    ]);
    expect(state.sources).toEqual(['apollo_search']);
    expect(stepIsValid(run([{ type: 'source', id: 'linkedin_search' }]), 1)).toBe(false);
  });

  it('sends from the personal account unless the AI assistant is chosen, and starts afresh with it', () => {
    expect(initialWizardState().accountType).toBe('personal');
    const chosen = wizardReducer(complete(), { type: 'account', accountType: 'ai_assistant' });
    expect(chosen.accountType).toBe('ai_assistant');
    expect(wizardReducer(chosen, { type: 'launched' }).accountType).toBe('personal');
    expect(wizardReducer(chosen, { type: 'discard' }).accountType).toBe('personal');
  });

  it('names the campaign after the goal until the user writes a name of their own', () => {
    let state = run([{ type: 'goal', goal: 'raise_funding', defaultName }]);
    expect(state.name).toBe('raise_funding title');
    state = wizardReducer(state, { type: 'goal', goal: 'hire_talent', defaultName });
    expect(state.name).toBe('hire_talent title');
    state = wizardReducer(state, { type: 'name', name: 'My own' });
    state = wizardReducer(state, { type: 'goal', goal: 'raise_funding', defaultName });
    expect(state.name).toBe('My own');
    state = wizardReducer(state, { type: 'name', name: '  ' });
    state = wizardReducer(state, { type: 'goal', goal: 'find_partners', defaultName });
    expect(state.name).toBe('find_partners title');
  });

  it('reads the target as a whole number only', () => {
    expect(parseTargetCount('250')).toBe(250);
    expect(parseTargetCount(' 10 ')).toBe(10);
    for (const text of ['', '1e3', '12.5', '-10', 'abc']) expect(parseTargetCount(text)).toBeNaN();
    const sources = run([{ type: 'source', id: 'csv_upload' }]);
    for (const [text, valid] of [
      ['9', false],
      ['10', true],
      ['10000', true],
      ['10001', false],
      ['', false],
    ] as const) {
      expect(stepIsValid(wizardReducer(sources, { type: 'target', text }), 1)).toBe(valid);
    }
  });

  it('builds the payload only when every step is valid', () => {
    const review = complete();
    expect(wizardPayload(review, 'About partners')).toEqual({
      goal: 'find_partners',
      name: 'find_partners title',
      description: 'About partners',
      sources: ['manual_input'],
      targetContactCount: 100,
      tools: ['hunter'],
      channels: ['phone'],
      accountType: 'personal',
    });
    expect(
      wizardPayload(wizardReducer(review, { type: 'account', accountType: 'ai_assistant' }), ''),
    ).toMatchObject({ accountType: 'ai_assistant' });
    expect(wizardPayload(wizardReducer(review, { type: 'name', name: ' ' }), '')).toBeNull();
    expect(wizardPayload(wizardReducer(review, { type: 'target', text: '5' }), '')).toBeNull();
  });

  it('resets to target 50 after a launch, and a discard keeps the current starting target', () => {
    const launched = wizardReducer(complete(), { type: 'launched' });
    expect(launched).toEqual({ ...initialWizardState(50) });
    expect(launched.targetText).toBe('50');
    const discarded = wizardReducer(run([{ type: 'goal', goal: 'hire_talent', defaultName }], launched), {
      type: 'discard',
    });
    expect(discarded).toEqual(initialWizardState(50));
    expect(wizardReducer(complete(), { type: 'discard' })).toEqual(initialWizardState(100));
  });
});
