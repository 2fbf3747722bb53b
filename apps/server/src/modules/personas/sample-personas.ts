import { createPersonaInputSchema, type CreatePersonaInput } from '@doppel/contracts';
import { personaProfiles, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';

export interface SamplePersona {
  fields: CreatePersonaInput;
  /** Sample contacts (by key, see demo/sample-tasks.ts) this persona handles. */
  contactKeys: string[];
}

/**
 * The three sample personas of a demo sandbox: labelled as samples in the app,
 * never shown to a real account. The first is the twin's voice.
 */
export const SAMPLE_PERSONAS: SamplePersona[] = [
  {
    contactKeys: ['anna', 'mark'],
    fields: {
      name: 'Alex Morgan — Founder',
      description: 'Founder of a B2B payments startup, writing to investors and design partners.',
      position: 'Founder & CEO',
      companyName: 'Lumen Pay',
      domainType: 'startup',
      industry: 'Fintech',
      location: 'Berlin',
      expertiseAreas: ['B2B payments', 'Fundraising', 'Go-to-market', 'Product strategy'],
      careerStage: 'Second-time founder',
      communicationStyle: 'Direct and friendly, short sentences, always a clear next step',
      coreValues: ['Clarity', 'Speed', 'Trust'],
      primaryMotivation: 'Make cross-border payments as simple as sending a message',
      status: 'active',
      highConceptGoal: 'Close a seed round and five paying design partners this quarter',
      highConceptTargetAudience: ['Seed investors in fintech', 'CFOs of 50–500 person companies'],
      highConceptKeyChallenge: 'Being seen as infrastructure, not another payments app',
      highConceptPositioningNow: 'A promising team with an early product',
      highConceptPositioningFuture: 'The payments layer finance teams trust by default',
      highConceptKeyMessages: ['Money should move like messages', 'Built with finance teams, not for them'],
      highConceptContentStrategy: { LinkedIn: 'Two posts a week on what we learn from pilots' },
      highConceptNextSteps: ['Publish the pilot results', 'Ask three CFOs for intros'],
      brandMission: 'Remove the friction between companies and their money',
      brandSlogan: 'Pay like you text',
      brandTaglines: ['Pay like you text', 'Finance without the paperwork'],
      brandPersonality: { tone: 'Confident, never loud', humour: 'Dry, rare' },
      brandUsp: ['Settlement in minutes', 'One API for 40 currencies'],
      brandVisualIdentity: { colours: 'Ink blue and signal orange', type: 'Geometric sans' },
      brandPersonalStyle: 'Casual, warm, numbers first',
      brandContentThemes: ['Pilot stories', 'Payments explained simply'],
      brandMediaStrategy: { podcasts: 'Guest on two fintech shows per quarter' },
      brandTestPlan: {
        'Headline test': { hypothesis: 'Outcome headlines beat feature headlines', metric: 'Reply rate' },
      },
    },
  },
  {
    contactKeys: ['claire'],
    fields: {
      name: 'Alex Morgan — Advisor',
      description: 'Board advisor and angel investor helping early teams with their first sales.',
      position: 'Advisor & angel investor',
      companyName: 'Independent',
      domainType: 'business',
      industry: 'Venture',
      location: 'Remote',
      expertiseAreas: ['Enterprise sales', 'Board work', 'Hiring'],
      communicationStyle: 'Formal and precise, well-structured',
      coreValues: ['Candour', 'Preparation'],
      status: 'active',
      highConceptGoal: 'Back ten founders a year who sell to enterprises',
      highConceptTargetAudience: ['Pre-seed B2B founders'],
      highConceptKeyMessages: ['The first ten customers teach you the next hundred'],
      brandSlogan: 'Sell before you scale',
      brandTaglines: ['Sell before you scale'],
      brandUsp: ['Twenty years of enterprise deals'],
      brandContentThemes: ['First sales', 'Board meetings that help'],
    },
  },
  {
    contactKeys: ['ivan', 'lucia'],
    fields: {
      name: 'Alex Morgan — Writer',
      description: 'Writes a weekly newsletter about building companies in Europe.',
      position: 'Newsletter author',
      companyName: 'Build in Europe',
      domainType: 'creative',
      industry: 'Media',
      location: 'Lisbon',
      expertiseAreas: ['Writing', 'Community'],
      communicationStyle: 'Informal, playful, curious',
      coreValues: ['Curiosity', 'Generosity'],
      status: 'draft',
      highConceptGoal: 'Reach 10,000 founders who read every issue',
      highConceptKeyMessages: ['Europe builds differently, and that is an advantage'],
      brandTaglines: ['Notes from the European build'],
      brandContentThemes: ['Founder interviews', 'Policy made readable'],
    },
  },
];

/**
 * Writes a demo sandbox's sample personas, each a second older than the next so the first stays
 * the twin's voice; answers each one's id with the sample contacts it handles.
 */
export async function seedSamplePersonas(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  now: Date,
): Promise<Array<{ id: string; contactKeys: string[] }>> {
  const seeded = [];
  for (const [index, sample] of SAMPLE_PERSONAS.entries()) {
    const createdAt = new Date(now.getTime() - (SAMPLE_PERSONAS.length - index) * 1000);
    const [persona] = await tx
      .insert(personaProfiles)
      .values({
        ...createPersonaInputSchema.parse(sample.fields),
        userId: actor.userId,
        isSample: true,
        twinVoice: index === 0,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: personaProfiles.id });
    seeded.push({ id: persona!.id, contactKeys: sample.contactKeys });
  }
  return seeded;
}
