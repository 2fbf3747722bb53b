import type { Persona } from '@doppel/contracts';

let counter = 0;
/** A persona-style uuid: `22222222-…-n`. */
export const personaUuid = (n: number) => `22222222-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A persona as the server returns it: every field present, lists and maps empty. */
export function makePersona(overrides: Partial<Persona> = {}): Persona {
  counter++;
  return {
    id: personaUuid(counter),
    ownerEmail: 'ada@example.com',
    name: `Persona ${counter}`,
    description: '',
    position: '',
    companyName: '',
    domainType: 'business',
    industry: '',
    location: '',
    avatarUrl: '',
    expertiseAreas: [],
    careerStage: '',
    communicationStyle: '',
    coreValues: [],
    primaryMotivation: '',
    decisionMakingStyle: '',
    leadershipStyle: '',
    negotiationStyle: '',
    coreConflict: '',
    growthEdge: '',
    contextTemplate: '',
    contextualPromptTemplate: '',
    domainContext: '',
    status: 'active',
    highConceptGoal: '',
    highConceptTargetAudience: [],
    highConceptKeyChallenge: '',
    highConceptPositioningNow: '',
    highConceptPositioningFuture: '',
    highConceptKeyMessages: [],
    highConceptContentStrategy: {},
    highConceptNextSteps: [],
    brandMission: '',
    brandSlogan: '',
    brandTaglines: [],
    brandPersonality: {},
    brandUsp: [],
    brandVisualIdentity: {},
    brandPersonalStyle: '',
    brandContentThemes: [],
    brandMediaStrategy: {},
    brandTestPlan: {},
    isTwinVoice: false,
    isSample: false,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}
