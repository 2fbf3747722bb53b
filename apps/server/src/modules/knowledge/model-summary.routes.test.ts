import { describe, expect, it } from 'vitest';
import type { KnowledgeDocument, UploadResult } from '@doppel/contracts';
import { desc, eq, tokenUsage } from '@doppel/db';
import { aiTestBed, type TestUser } from '../../test-support/ai-test-bed';
import { signedInUser } from '../../test-support/test-app';
import { multipart } from '../../test-support/test-files';

const bed = aiTestBed();

const NOTE = [
  '# Churn review',
  '',
  'Customers who never connect a messenger in their first week churn three times as often.',
  'The onboarding call fixes that for most of them.',
].join('\n');

async function uploadNote(user: TestUser): Promise<string> {
  const body = multipart([{ name: 'files', filename: 'churn.md', content: NOTE }]);
  const response = await bed.doppel.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    payload: body.payload,
    headers: { authorization: `Bearer ${user.accessToken}`, ...body.headers },
  });
  return response.json<UploadResult>().results[0]!.document!.id;
}

async function document(user: TestUser, id: string) {
  return (await bed.call(user, 'GET', `/api/documents/${id}`)).json<KnowledgeDocument>();
}

describe("a document's summary", () => {
  it("is written by the user's model when there is one, and metered as a summary", async () => {
    const user = await signedInUser(bed.doppel);
    await bed.useModel(user, bed.openAi, 'fake-summariser');
    bed.openAi.script({
      kind: 'reply',
      text: 'Users who skip messenger setup churn three times more; the onboarding call helps.',
      match: 'churn.md',
      promptTokens: 120,
      completionTokens: 18,
    });
    const id = await uploadNote(user);
    await bed.doppel.ctx.jobs.runDue({ userId: user.userId });
    const summarised = await document(user, id);
    expect(summarised).toMatchObject({
      status: 'processed',
      summary: 'Users who skip messenger setup churn three times more; the onboarding call helps.',
    });
    const request = bed.openAi.requests.at(-1)!;
    expect(JSON.stringify(request.body)).toContain('first week churn three times as often');
    const [usage] = await bed.doppel.ctx.db
      .select()
      .from(tokenUsage)
      .where(eq(tokenUsage.userId, user.userId))
      .orderBy(desc(tokenUsage.createdAt));
    expect(usage).toMatchObject({ purpose: 'summary', promptTokens: 120, completionTokens: 18 });
  });

  it('falls back to the extractive summary when the model fails, and the document is still processed', async () => {
    const user = await signedInUser(bed.doppel);
    await bed.useModel(user, bed.openAi, 'fake-summariser');
    bed.openAi.script({ kind: 'status', status: 400, message: 'bad request', match: 'churn.md' });
    const id = await uploadNote(user);
    await bed.doppel.ctx.jobs.runDue({ userId: user.userId });
    const processed = await document(user, id);
    expect(processed.status).toBe('processed');
    expect(processed.summary).toMatch(/^Churn review/);
  });
});
