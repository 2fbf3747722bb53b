import type { Persona } from '@doppel/contracts';

/** What of a persona shapes the twin's writing. */
export type Voice = Pick<
  Persona,
  | 'name'
  | 'position'
  | 'companyName'
  | 'communicationStyle'
  | 'coreValues'
  | 'highConceptKeyMessages'
  | 'brandTaglines'
  | 'brandPersonalStyle'
  | 'contextualPromptTemplate'
  | 'highConceptGoal'
  | 'highConceptTargetAudience'
>;

/** What an analysis weighs opportunities against: the persona's goal and audience. */
export function describeGoals(voice: Voice): string[] {
  const lines = [`They act as the persona ${voice.name}${voice.position ? `, ${voice.position}` : ''}.`];
  if (voice.highConceptGoal) lines.push(`Their goal: ${voice.highConceptGoal}`);
  if (voice.highConceptTargetAudience.length > 0) {
    lines.push(`Their target audience: ${voice.highConceptTargetAudience.join('; ')}`);
  }
  return lines;
}
