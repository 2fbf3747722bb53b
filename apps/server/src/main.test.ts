import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@doppel/db';
import { compiledServerEntry } from './test-support/compiled-server';
import { freePort } from './test-support/free-port';
import { makePdf, multipart } from './test-support/test-files';

let entry: string;
beforeAll(async () => {
  entry = await compiledServerEntry();
}, 60_000);

// The compiled server in Node itself, as `npm start` runs it: a CLI in between (tsx's, say)
// would sit between the signal and the server.
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('main process', () => {
  it('refuses to open a DATA_DIR another process holds, with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-lock-'));
    const holder = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const second = runServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `DATA_DIR ${dataDir} is in use by another Doppel process (pid ${process.pid})`,
      );
    } finally {
      await holder.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('starts on its embedded database, reads a PDF in a worker thread, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-main-'));
    const port = await freePort();
    const server = runServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      let ready = false;
      // A fresh embedded database can take over 20 s to create on a busy 2-core machine.
      for (let attempt = 0; attempt < 300 && !ready; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
      }
      expect(ready).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'doppel.lock'))).toBe(true);
      expect((fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toString(8)).toBe('600');

      // A PDF is read in a worker thread, which loads the compiled thread modules beside the bundle.
      const baseUrl = `http://127.0.0.1:${port}`;
      const demo = await fetch(`${baseUrl}/api/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      expect(demo.status).toBe(200);
      const { accessToken } = (await demo.json()) as { accessToken: string };
      const body = multipart([
        {
          name: 'files',
          filename: 'pilots.pdf',
          content: await makePdf(['Every pilot we run is paid, with a start date and a success metric.']),
          contentType: 'application/pdf',
        },
      ]);
      const uploaded = await fetch(`${baseUrl}/api/documents/upload`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${accessToken}` },
        body: body.payload,
      });
      expect(uploaded.status).toBe(201);
      const { results } = (await uploaded.json()) as { results: { document?: { id: string } }[] };
      const documentId = results[0]!.document!.id;
      let document: { status: string; contentPreview: string; errorCode: string | null } | undefined;
      for (let attempt = 0; attempt < 150; attempt++) {
        const response = await fetch(`${baseUrl}/api/documents/${documentId}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        document = (await response.json()) as typeof document;
        if (document!.status !== 'pending' && document!.status !== 'processing') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(document).toMatchObject({ status: 'processed', errorCode: null });
      expect(document!.contentPreview).toContain('Every pilot we run is paid');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      // The lock is released, so the next start can take the directory.
      expect(fs.existsSync(path.join(dataDir, 'doppel.lock'))).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
