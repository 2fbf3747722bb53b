import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentList, KnowledgeDocument, UploadResult } from '@doppel/contracts';
import type { DoppelApp } from '../../app';
import type { Config } from '../../lib/config';
import { startS3Server, type TestS3 } from '../../test-support/s3-server';
import { createTestApp, ManualClock, signedInUser, testDatabase } from '../../test-support/test-app';
import { makePdf, multipart, type MultipartPart } from '../../test-support/test-files';

/*
 * Two server processes on one database, each with its own DATA_DIR, as on two machines: the
 * upload is taken by one and its processing job run by the other.
 */

let s3: TestS3;
let root: string;
const opened: DoppelApp[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  root = await mkdtemp(path.join(os.tmpdir(), 'doppel-two-processes-'));
  // The one database both processes use, opened and migrated before the tests start.
  await testDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((doppel) => doppel.app.close()));
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

/** A process with its own data folder. */
async function processWith(name: string, config: Partial<Config>, clock?: ManualClock) {
  const dataDir = path.join(root, `${name}-${crypto.randomUUID()}`);
  const doppel = await createTestApp({ config: { dataDir, ...config }, clock });
  opened.push(doppel);
  return { doppel, dataDir };
}

type User = Awaited<ReturnType<typeof signedInUser>>;
const auth = (user: User) => ({ authorization: `Bearer ${user.accessToken}` });

async function upload(doppel: DoppelApp, user: User, parts: MultipartPart[], url = '/api/documents/upload') {
  const body = multipart(parts);
  return doppel.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...auth(user), ...body.headers },
  });
}

async function uploadOne(doppel: DoppelApp, user: User, filename: string, content: Buffer | string) {
  const response = await upload(doppel, user, [{ name: 'files', filename, content }]);
  expect(response.statusCode).toBe(201);
  return response.json<UploadResult>().results[0]!.document!;
}

const get = (doppel: DoppelApp, user: User, url: string) =>
  doppel.app.inject({ method: 'GET', url, headers: auth(user) });

/** Everything the user can read about their documents, as the browser receives it. */
async function whatTheUserSees(doppel: DoppelApp, user: User, id: string) {
  const detail = await get(doppel, user, `/api/documents/${id}`);
  const list = await get(doppel, user, '/api/documents');
  return { document: detail.json<KnowledgeDocument>(), text: detail.body + list.body };
}

function expectNoServerInternals(text: string, ...dataDirs: string[]) {
  for (const dir of dataDirs) expect(text).not.toContain(dir);
  expect(text).not.toContain(os.tmpdir());
  expect(text).not.toMatch(/ENOENT|EISDIR|no such file|illegal operation|\/files\//i);
}

describe('uploads shared by processes through an S3-compatible bucket', () => {
  it('processes on one process what another took, and deletes the object with the document', async () => {
    const bucket = await s3.createBucket();
    const storage = { objectStorage: s3.config(bucket, 'doppel/') };
    const a = await processWith('a', storage);
    const b = await processWith('b', storage);
    const user = await signedInUser(a.doppel);
    const pdf = await makePdf(['Shared storage works. Revenue share is twenty percent for resellers.']);
    const uploaded = await uploadOne(a.doppel, user, 'terms.pdf', pdf);

    // In the bucket, under our own key, and on neither process's disk.
    const key = `doppel/${user.userId}/${uploaded.id}`;
    expect(await s3.object(bucket, key)).toEqual(pdf);
    expect(existsSync(path.join(a.dataDir, 'files'))).toBe(false);

    expect(await b.doppel.ctx.jobs.runDue({ userId: user.userId })).toBe(1);
    const { document } = await whatTheUserSees(a.doppel, user, uploaded.id);
    expect(document).toMatchObject({ status: 'processed', errorCode: null, errorReason: null });
    expect(document.contentPreview).toContain('Revenue share is twenty percent');

    const removed = await b.doppel.app.inject({
      method: 'DELETE',
      url: `/api/documents/${uploaded.id}`,
      headers: auth(user),
    });
    expect(removed.statusCode).toBe(200);
    expect(await s3.object(bucket, key)).toBeUndefined();
  });
});

describe('a file store that cannot take files', () => {
  it('refuses the uploads it could not keep, saving no document without its file', async () => {
    const down = await startS3Server();
    const bucket = await down.createBucket();
    const { doppel } = await processWith('store-down', { objectStorage: down.config(bucket) });
    const user = await signedInUser(doppel);
    await down.close();

    const response = await upload(doppel, user, [
      { name: 'files', filename: 'plan.txt', content: 'Launch in March.' },
      { name: 'files', filename: 'empty.txt', content: '' },
      { name: 'files', filename: 'terms.md', content: '# Terms\n\nNet thirty days.' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<UploadResult>().results).toEqual([
      {
        fileName: 'plan.txt',
        error: { code: 'storage_unavailable', message: expect.stringContaining('try again') },
      },
      // The file's own fault is still told as such.
      { fileName: 'empty.txt', error: { code: 'empty', message: expect.any(String) } },
      { fileName: 'terms.md', error: { code: 'storage_unavailable', message: expect.any(String) } },
    ]);
    expectNoServerInternals(response.body);
    expect(response.body).not.toContain(down.endpoint);
    const list = (await get(doppel, user, '/api/documents')).json<DocumentList>();
    expect(list.items.filter((item) => !item.isSample)).toEqual([]);
  });

  it('answers a replaced file it could not keep with 503 and Retry-After, and leaves the document as it was', async () => {
    const { doppel, dataDir } = await processWith('disk-refuses', { objectStorage: null });
    const user = await signedInUser(doppel);
    const corrupt = Buffer.from('%PDF-1.7\nnot really a pdf');
    const uploaded = await uploadOne(doppel, user, 'broken.pdf', corrupt);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect((await whatTheUserSees(doppel, user, uploaded.id)).document.status).toBe('error');
    // The original's place becomes a folder: the disk refuses to write the replacement there.
    const original = path.join(dataDir, 'files', user.userId, uploaded.id);
    await rm(original);
    await mkdir(path.join(original, 'in-the-way'), { recursive: true });

    const retried = await upload(
      doppel,
      user,
      [{ name: 'files', filename: 'fixed.md', content: '# Fixed\n\nNet thirty days.' }],
      `/api/documents/${uploaded.id}/retry`,
    );
    expect(retried.statusCode).toBe(503);
    expect(retried.headers['retry-after']).toBe('5');
    expect(retried.json()).toMatchObject({ error: { code: 'storage_unavailable' } });
    expectNoServerInternals(retried.body, dataDir);
    expect((await whatTheUserSees(doppel, user, uploaded.id)).document).toMatchObject({
      status: 'error',
      type: 'pdf',
    });
  });
});

describe('uploads on local disk with several processes', () => {
  it('ends in a clear, translated "file missing" error without a server path; a replaced file processes', async () => {
    const a = await processWith('a', { objectStorage: null });
    const b = await processWith('b', { objectStorage: null });
    const user = await signedInUser(a.doppel);
    const uploaded = await uploadOne(
      a.doppel,
      user,
      'notes.md',
      '# Notes\n\nKickoff calls last thirty minutes.',
    );

    // B cannot see A's disk: the document fails at once (no retries), with a code, not ENOENT.
    expect(await b.doppel.ctx.jobs.runDue({ userId: user.userId })).toBe(1);
    const seen = await whatTheUserSees(a.doppel, user, uploaded.id);
    expect(seen.document).toMatchObject({
      status: 'error',
      errorCode: 'file_missing',
      errorReason:
        'The uploaded file is no longer stored on the server. Replace the file to process it again.',
    });
    expectNoServerInternals(seen.text, a.dataDir, b.dataDir);

    // Replacing the file on the process that runs the job works.
    const retried = await upload(
      b.doppel,
      user,
      [{ name: 'files', filename: 'notes.md', content: '# Notes\n\nKickoff calls last thirty minutes.' }],
      `/api/documents/${uploaded.id}/retry`,
    );
    expect(retried.statusCode).toBe(200);
    await b.doppel.ctx.jobs.runDue({ userId: user.userId });
    expect((await whatTheUserSees(b.doppel, user, uploaded.id)).document).toMatchObject({
      status: 'processed',
      errorCode: null,
    });
  });

  it('shows only "processing failed" when reading fails some other way, after the last attempt', async () => {
    const clock = new ManualClock();
    const a = await processWith('a', { objectStorage: null });
    const b = await processWith('b', { objectStorage: null }, clock);
    const user = await signedInUser(a.doppel);
    const uploaded = await uploadOne(a.doppel, user, 'plan.txt', 'Launch in March.');
    // On B the key is a folder: reading it fails with EISDIR and B's absolute path.
    await mkdir(path.join(b.dataDir, 'files', user.userId, uploaded.id), { recursive: true });

    for (let attempt = 1; attempt <= 3; attempt++) {
      // Past the upload's time and each retry's back-off.
      clock.advance(10 * 60 * 1000);
      expect(await b.doppel.ctx.jobs.runDue({ userId: user.userId })).toBe(1);
      if (attempt < 3) {
        expect((await whatTheUserSees(a.doppel, user, uploaded.id)).document.status).toBe('processing');
      }
    }
    const seen = await whatTheUserSees(a.doppel, user, uploaded.id);
    expect(seen.document).toMatchObject({
      status: 'error',
      errorCode: 'processing_failed',
      errorReason: 'Something went wrong on the server. Try again later.',
    });
    expectNoServerInternals(seen.text, a.dataDir, b.dataDir);
    expect(seen.text).not.toContain('Processing failed:');
    const list = (await get(a.doppel, user, '/api/documents')).json<DocumentList>();
    expect(list.items.map((item) => item.errorCode)).toEqual(['processing_failed']);
  });
});
