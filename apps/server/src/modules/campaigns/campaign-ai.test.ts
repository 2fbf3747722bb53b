import { describe, expect, it } from 'vitest';
import type { AiModel, Campaign, CreateCampaignInput, UpdateCampaignInput } from '@doppel/contracts';
import { campaignLeads, eq, tasks } from '@doppel/db';
import { aiTestBed, type TestUser as User } from '../../test-support/ai-test-bed';
import { signedInUser } from '../../test-support/test-app';
import { recordTokenUsage } from '../usage';
import { changeCampaignStatus } from './change-campaign-status';
import { createCampaign } from './create-campaign';
import { createLead } from './leads';
import { updateCampaign } from './update-campaign';

/*
 * A campaign's AI settings drive its outreach drafts — model, temperature, max tokens,
 * personalization — and its token budget is enforced before any model call (decision 036).
 */

const bed = aiTestBed();
const { call, useModel } = bed;

const wizard: CreateCampaignInput = {
  goal: 'raise_funding',
  name: 'Seed Round',
  description: 'Find investors for the seed round',
  sources: ['manual_input'],
  targetContactCount: 100,
  tools: ['clearbit'],
  channels: ['email'],
};

async function newCampaign(user: User, settings: UpdateCampaignInput): Promise<string> {
  const created = await createCampaign(bed.doppel.ctx, user.userId, wizard);
  // Drafting is what is tested here, whatever data the leads have.
  await updateCampaign(bed.doppel.ctx, user.userId, created.id, { dataQualityThreshold: 0, ...settings });
  return created.id;
}

async function run(user: User, id: string) {
  await changeCampaignStatus(bed.doppel.ctx, user.userId, id, { action: 'start' });
  await bed.doppel.ctx.jobs.runDue({ userId: user.userId });
}

async function addModel(user: User, name: string): Promise<AiModel> {
  const created = await call(user, 'POST', '/api/ai/models', {
    name,
    provider: 'openai-compatible',
    modelId: name,
    baseUrl: bed.openAi.baseUrl,
    apiKey: 'sk-test-key',
  });
  expect(created.statusCode).toBe(201);
  return created.json<AiModel>();
}

const completions = () => bed.openAi.requests.filter((request) => request.path.endsWith('/chat/completions'));

async function outreachTask(campaignId: string) {
  const [lead] = await bed.doppel.ctx.db
    .select({ taskId: campaignLeads.taskId })
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId));
  const [task] = await bed.doppel.ctx.db.select().from(tasks).where(eq(tasks.id, lead!.taskId!));
  return task!;
}

interface Message {
  role: string;
  content: string;
}

describe("a campaign's AI settings", () => {
  it("draft with the campaign's model, temperature, max tokens and personalization", async () => {
    const user = await signedInUser(bed.doppel);
    // The user's main model is another one: the campaign's choice wins for its drafts.
    await useModel(user, bed.openAi, 'fake-main');
    const chosen = await addModel(user, 'fake-campaign');
    const id = await newCampaign(user, {
      aiConfig: { model: chosen.id, temperature: 0.3, max_tokens: 321, personalization: 'low' },
    });
    await createLead(bed.doppel.ctx, user.userId, id, { name: 'Sam Tull', company: 'Tull' });
    bed.openAi.requests.length = 0;
    bed.openAi.script(
      { kind: 'reply', text: 'Hi Sam, a quick hello.' },
      { kind: 'reply', text: 'Hi Sam, a longer hello.' },
    );
    await run(user, id);

    const drafts = completions();
    expect(drafts).toHaveLength(2);
    for (const request of drafts) {
      // On the wire: the chosen model, the campaign's temperature and max tokens.
      expect(request.body).toMatchObject({ model: 'fake-campaign', temperature: 0.3, max_tokens: 321 });
      const system = (request.body.messages as Message[]).find((message) => message.role === 'system');
      expect(system?.content).toContain('Personalization: low.');
    }
    const task = await outreachTask(id);
    expect(task.responses).toEqual({ quick: 'Hi Sam, a quick hello.', detailed: 'Hi Sam, a longer hello.' });

    const campaign = (await call(user, 'GET', `/api/campaigns/${id}`)).json<Campaign>();
    expect(campaign.ai_config).toMatchObject({
      model: 'fake-campaign',
      model_id: chosen.id,
      temperature: 0.3,
      max_tokens: 321,
      personalization: 'low',
    });
  });

  it('a spent budget makes no model call and says so', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-main');
    const id = await newCampaign(user, { totalBudget: 1 });
    // The campaign has used its thousand tokens.
    await recordTokenUsage(bed.doppel.ctx, user.userId, {
      model: 'fake-main',
      provider: 'openai-compatible',
      purpose: 'draft',
      promptTokens: 900,
      completionTokens: 100,
      campaignId: id,
    });
    await createLead(bed.doppel.ctx, user.userId, id, { name: 'Uma Vance', company: 'Vance' });
    bed.openAi.requests.length = 0;
    await run(user, id);

    expect(completions()).toHaveLength(0);
    // The lead still has its task, drafted by the offline engine.
    const task = await outreachTask(id);
    expect(Object.keys(task.responses).sort()).toEqual(['detailed', 'quick']);
    const campaign = (await call(user, 'GET', `/api/campaigns/${id}`)).json<Campaign>();
    expect(campaign.run.notes).toContainEqual({
      stage: 'engagement',
      subject: 'ai',
      outcome: 'budget_spent',
      count: 1,
    });

    // The composer's Generate with the model is refused the same way, before any call.
    const refused = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'quick' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('campaign_budget_spent');
    expect(completions()).toHaveLength(0);
  });

  it('accepts only a model the user can draft with', async () => {
    const user = await signedInUser(bed.doppel);
    const created = await createCampaign(bed.doppel.ctx, user.userId, wizard);
    const refused = await call(user, 'PATCH', `/api/campaigns/${created.id}`, {
      aiConfig: { model: '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { model: 'modelNotFound' },
    });

    const offline = await call(user, 'PATCH', `/api/campaigns/${created.id}`, {
      aiConfig: { model: 'offline' },
    });
    expect(offline.statusCode).toBe(200);
    expect(offline.json<Campaign>().ai_config).toMatchObject({ model: 'offline', model_id: 'offline' });
    const main = await call(user, 'PATCH', `/api/campaigns/${created.id}`, { aiConfig: { model: null } });
    expect(main.json<Campaign>().ai_config.model_id).toBeNull();
  });
});
