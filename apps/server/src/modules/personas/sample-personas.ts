import { createPersonaInputSchema, type CreatePersonaInput, type InterfaceLanguage } from '@doppel/contracts';
import { personaProfiles, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { textsIn } from '../../lib/translations';

export interface SamplePersona {
  fields: CreatePersonaInput;
  /** Sample contacts (by key, see demo/sample-tasks.ts) this persona handles. */
  contactKeys: string[];
}

/** The founder's company: a name, the same in every language. */
const FOUNDER_COMPANY = 'Lumen Pay';

/**
 * The three sample personas of a demo sandbox, in the sandbox's language: labelled as samples in
 * the app, never shown to a real account. The first is the twin's voice. Their names keep "Alex"
 * in Latin letters in every language: the offline engine signs drafts with the persona's first
 * name, and a draft is in the contact's language, not the sandbox's.
 */
function samplePersonas(language: InterfaceLanguage): SamplePersona[] {
  const t = textsIn(language, 'demo');
  /** The texts of `persona`'s list `field`, one per named item, in this order. */
  const list = (persona: string, field: string, items: string[]) =>
    items.map((item) => t(`personas.${persona}.${field}.${item}`));
  /** A map the app shows as label and text: each label is the user's own word for it. */
  const labelled = (persona: string, field: string, labels: string[]) =>
    Object.fromEntries(
      labels.map((label) => [t(`personas.labels.${label}`), t(`personas.${persona}.${field}.${label}`)]),
    );
  const founderTagline = t('personas.founder.taglines.payLikeYouText');
  const advisorTagline = t('personas.advisor.taglines.sellBeforeScale');
  return [
    {
      contactKeys: ['anna', 'mark'],
      fields: {
        name: t('personas.founder.name'),
        description: t('personas.founder.description'),
        position: t('personas.founder.position'),
        companyName: FOUNDER_COMPANY,
        domainType: 'startup',
        industry: t('personas.founder.industry'),
        location: t('personas.founder.location'),
        expertiseAreas: list('founder', 'expertiseAreas', [
          'payments',
          'fundraising',
          'goToMarket',
          'productStrategy',
        ]),
        careerStage: t('personas.founder.careerStage'),
        communicationStyle: t('personas.founder.communicationStyle'),
        coreValues: list('founder', 'coreValues', ['clarity', 'speed', 'trust']),
        primaryMotivation: t('personas.founder.primaryMotivation'),
        status: 'active',
        highConceptGoal: t('personas.founder.goal'),
        highConceptTargetAudience: list('founder', 'targetAudience', ['seedInvestors', 'cfos']),
        highConceptKeyChallenge: t('personas.founder.keyChallenge'),
        highConceptPositioningNow: t('personas.founder.positioningNow'),
        highConceptPositioningFuture: t('personas.founder.positioningFuture'),
        highConceptKeyMessages: list('founder', 'keyMessages', ['moneyLikeMessages', 'builtWithFinance']),
        // Keyed by the platform, whose name is the same in every language.
        highConceptContentStrategy: { LinkedIn: t('personas.founder.linkedinStrategy') },
        highConceptNextSteps: list('founder', 'nextSteps', ['publishResults', 'askForIntros']),
        brandMission: t('personas.founder.mission'),
        brandSlogan: founderTagline,
        brandTaglines: [founderTagline, t('personas.founder.taglines.noPaperwork')],
        brandPersonality: labelled('founder', 'personality', ['tone', 'humour']),
        brandUsp: list('founder', 'usp', ['settlement', 'oneApi']),
        brandVisualIdentity: labelled('founder', 'visualIdentity', ['colours', 'type']),
        brandPersonalStyle: t('personas.founder.personalStyle'),
        brandContentThemes: list('founder', 'contentThemes', ['pilotStories', 'paymentsExplained']),
        brandMediaStrategy: { [t('personas.labels.podcasts')]: t('personas.founder.podcasts') },
        brandTestPlan: {
          [t('personas.founder.headlineTest.name')]: labelled('founder', 'headlineTest', [
            'hypothesis',
            'metric',
          ]),
        },
      },
    },
    {
      contactKeys: ['claire'],
      fields: {
        name: t('personas.advisor.name'),
        description: t('personas.advisor.description'),
        position: t('personas.advisor.position'),
        companyName: t('personas.advisor.companyName'),
        domainType: 'business',
        industry: t('personas.advisor.industry'),
        location: t('personas.advisor.location'),
        expertiseAreas: list('advisor', 'expertiseAreas', ['enterpriseSales', 'boardWork', 'hiring']),
        communicationStyle: t('personas.advisor.communicationStyle'),
        coreValues: list('advisor', 'coreValues', ['candour', 'preparation']),
        status: 'active',
        highConceptGoal: t('personas.advisor.goal'),
        highConceptTargetAudience: list('advisor', 'targetAudience', ['preSeedFounders']),
        highConceptKeyMessages: list('advisor', 'keyMessages', ['firstTen']),
        brandSlogan: advisorTagline,
        brandTaglines: [advisorTagline],
        brandUsp: list('advisor', 'usp', ['enterpriseDeals']),
        brandContentThemes: list('advisor', 'contentThemes', ['firstSales', 'helpfulBoards']),
      },
    },
    {
      contactKeys: ['ivan', 'lucia'],
      fields: {
        name: t('personas.writer.name'),
        description: t('personas.writer.description'),
        position: t('personas.writer.position'),
        companyName: t('personas.writer.companyName'),
        domainType: 'creative',
        industry: t('personas.writer.industry'),
        location: t('personas.writer.location'),
        expertiseAreas: list('writer', 'expertiseAreas', ['writing', 'community']),
        communicationStyle: t('personas.writer.communicationStyle'),
        coreValues: list('writer', 'coreValues', ['curiosity', 'generosity']),
        status: 'draft',
        highConceptGoal: t('personas.writer.goal'),
        highConceptKeyMessages: list('writer', 'keyMessages', ['europe']),
        brandTaglines: list('writer', 'taglines', ['notes']),
        brandContentThemes: list('writer', 'contentThemes', ['interviews', 'policy']),
      },
    },
  ];
}

/**
 * Writes a demo sandbox's sample personas, each a second older than the next so the first stays
 * the twin's voice; answers each one's id with the sample contacts it handles.
 */
export async function seedSamplePersonas(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  language: InterfaceLanguage,
  now: Date,
): Promise<Array<{ id: string; contactKeys: string[] }>> {
  const seeded = [];
  const samples = samplePersonas(language);
  for (const [index, sample] of samples.entries()) {
    const createdAt = new Date(now.getTime() - (samples.length - index) * 1000);
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
