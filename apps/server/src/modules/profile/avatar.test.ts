import { readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, type User } from '@doppel/contracts';
import type { DoppelApp } from '../../app';
import { startS3Server, type TestS3 } from '../../test-support/s3-server';
import { createTestApp, signedInUser, uniqueIp } from '../../test-support/test-app';
import { multipart } from '../../test-support/test-files';
import { jpegOfSize, pngBomb, sidewaysJpeg, twoColourPng } from './avatar-test-images';

let doppel: DoppelApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'doppel-avatars-'));
  doppel = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await doppel.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Account = Awaited<ReturnType<typeof signedInUser>>;
const authed = (account: { accessToken: string }) => ({ authorization: `Bearer ${account.accessToken}` });

function upload(
  account: { accessToken: string },
  content: Buffer | string,
  { filename = 'me.png', contentType = 'image/png', app = doppel } = {},
) {
  const body = multipart([{ name: 'file', filename, content, contentType }]);
  return app.app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    payload: body.payload,
    headers: { ...authed(account), ...body.headers },
  });
}

async function uploaded(account: Account, content: Buffer, app = doppel): Promise<string> {
  const response = await upload(account, content, { app });
  expect(response.statusCode, response.body).toBe(200);
  const url = response.json<User>().avatarUrl;
  expect(url).toMatch(/^\/api\/avatars\/[\w-]{32}$/);
  return url!;
}

const me = async (account: Account) =>
  (await doppel.app.inject({ method: 'GET', url: '/api/me', headers: authed(account) })).json<User>();

/** As an img tag fetches it: no session. */
const fetchImage = (url: string, app = doppel) => app.app.inject({ method: 'GET', url });

/** The avatar files kept on disk (DATA_DIR/files/avatars). */
async function storedAvatars(): Promise<string[]> {
  return readdir(path.join(dataDir, 'files', 'avatars')).catch(() => []);
}

describe('avatar upload', () => {
  it('turns a photo into a 256×256 WebP served publicly with a long cache', async () => {
    const account = await signedInUser(doppel);
    const url = await uploaded(account, await twoColourPng(1200, 800));
    expect((await me(account)).avatarUrl).toBe(url);

    const image = await fetchImage(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const served = await sharp(image.rawPayload).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('turns a sideways phone photo upright and publishes none of its EXIF', async () => {
    const account = await signedInUser(doppel);
    const url = await uploaded(account, await sidewaysJpeg('Taken at 12 Secret Lane'));
    const webp = (await fetchImage(url)).rawPayload;
    expect(webp.includes('Secret Lane')).toBe(false);
    expect((await sharp(webp).metadata()).exif).toBeUndefined();
    // Stored with red on the left; shown turned clockwise, red is on top.
    const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return { r: data[at]!, b: data[at + 2]! };
    };
    expect(pixel(128, 20).r).toBeGreaterThan(180);
    expect(pixel(128, 20).b).toBeLessThan(80);
    expect(pixel(128, 235).b).toBeGreaterThan(180);
    expect(pixel(128, 235).r).toBeLessThan(80);
  });

  it('takes a photo of exactly 20 MB and refuses one byte more, keeping the avatar it had', async () => {
    const account = await signedInUser(doppel);
    const exactly = await jpegOfSize(AVATAR_MAX_BYTES);
    expect(exactly.length).toBe(20 * 1024 * 1024);
    const url = await uploaded(account, exactly);
    const filesBefore = await storedAvatars();

    const response = await upload(account, Buffer.concat([exactly, Buffer.from([0])]), {
      filename: 'big.jpg',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('avatar_too_large');
    expect((await me(account)).avatarUrl).toBe(url);
    expect((await fetchImage(url)).statusCode).toBe(200);
    expect(await storedAvatars()).toEqual(filesBefore);
  });

  it('refuses a file that is not an image, whatever its name says, and stores nothing', async () => {
    const account = await signedInUser(doppel);
    const filesBefore = await storedAvatars();
    for (const [filename, content] of [
      ['photo.png', 'Just some text pretending to be a picture.'],
      ['empty.png', ''],
      ['half.jpg', (await sidewaysJpeg('x')).subarray(0, 4000)],
      [
        'logo.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>',
      ],
    ] as const) {
      const response = await upload(account, content, { filename });
      expect(response.statusCode, filename).toBe(415);
      expect(response.json().error.code, filename).toBe('avatar_not_image');
    }
    expect((await me(account)).avatarUrl).toBeNull();
    expect(await storedAvatars()).toEqual(filesBefore);
  });

  it('refuses a small file that claims a huge picture before decoding it', async () => {
    const account = await signedInUser(doppel);
    const bomb = pngBomb(12_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    const response = await upload(account, bomb, { filename: 'tiny.png' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('avatar_too_large');
    expect((await me(account)).avatarUrl).toBeNull();
  });

  it('replaces the avatar with a new URL and removes the old file', async () => {
    const account = await signedInUser(doppel);
    const first = await uploaded(account, await twoColourPng());
    const second = await uploaded(account, await sidewaysJpeg('x'));
    expect(second).not.toBe(first);
    expect((await fetchImage(first)).statusCode).toBe(404);
    expect((await fetchImage(second)).statusCode).toBe(200);
    expect(await storedAvatars()).not.toContain(path.basename(first));
    expect(await storedAvatars()).toContain(path.basename(second));
  });

  it('removes the avatar and its file; only the session’s own account is touched', async () => {
    const owner = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const url = await uploaded(owner, await twoColourPng());

    // Someone else's DELETE is about their own account, which has no avatar.
    const stranger = await doppel.app.inject({
      method: 'DELETE',
      url: '/api/me/avatar',
      headers: authed(other),
    });
    expect(stranger.json<User>()).toMatchObject({ id: other.userId, avatarUrl: null });
    expect((await me(owner)).avatarUrl).toBe(url);
    expect((await fetchImage(url)).statusCode).toBe(200);

    const removed = await doppel.app.inject({
      method: 'DELETE',
      url: '/api/me/avatar',
      headers: authed(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<User>()).toMatchObject({ id: owner.userId, avatarUrl: null });
    expect((await me(owner)).avatarUrl).toBeNull();
    expect((await fetchImage(url)).statusCode).toBe(404);
    expect(await storedAvatars()).not.toContain(path.basename(url));
  });

  it('needs a session to change an avatar, and a demo sandbox keeps its initials', async () => {
    const photo = await twoColourPng(200, 200);
    const anonymous = await upload({ accessToken: '' }, photo);
    expect(anonymous.statusCode).toBe(401);

    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: uniqueIp() });
    const sandbox = demo.json<{ accessToken: string }>();
    const response = await upload(sandbox, photo);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('demo_restricted');
  });

  it('answers 404 for a key that was never issued', async () => {
    const response = await fetchImage(`/api/avatars/${'A'.repeat(32)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('avatars in an S3-compatible bucket', () => {
  let s3: TestS3;
  let shared: DoppelApp;
  let bucket: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = await s3.createBucket();
    shared = await createTestApp({ config: { objectStorage: s3.config(bucket, 'doppel/') } });
  });
  afterAll(async () => {
    await shared.app.close();
    await s3.close();
  });

  it('keeps the WebP in the bucket, serves it, and deletes it when replaced', async () => {
    const account = await signedInUser(shared);
    const first = await uploaded(account, await twoColourPng(), shared);
    const objectOf = (url: string) => s3.object(bucket, `doppel/avatars/${path.basename(url)}`);
    const stored = await objectOf(first);
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect((await fetchImage(first, shared)).rawPayload.equals(stored!)).toBe(true);

    const second = await uploaded(account, await twoColourPng(400, 300), shared);
    expect(await objectOf(first)).toBeUndefined();
    expect(await objectOf(second)).toBeDefined();
    expect((await fetchImage(first, shared)).statusCode).toBe(404);
  });
});
