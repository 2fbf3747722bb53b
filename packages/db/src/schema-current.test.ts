import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, PGLITE_SETTINGS, type Database } from './client';

/*
 * A start on an up-to-date database skips the migrator and the vector storage statements
 * (schema-current.ts); these check that a start still brings whatever is missing.
 */

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

const journalOf = (folder: string) =>
  JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };

async function rows(database: Database, query: string): Promise<Array<Record<string, unknown>>> {
  const result = await database.db.execute<Record<string, unknown>>(sql.raw(query));
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

describe('opening the embedded database', () => {
  it('applies the migration it lacks and makes the vector storage, then finds it all there', async () => {
    // A database made by every migration but the last, without vector storage: an older release.
    const older = tempFolder('doppel-migrations-');
    cpSync(migrationsFolder, older, { recursive: true });
    const journal = journalOf(older);
    journal.entries = journal.entries.slice(0, -1);
    writeFileSync(path.join(older, 'meta', '_journal.json'), JSON.stringify(journal));
    const dataDir = tempFolder('doppel-schema-');
    const client = new PGlite(path.join(dataDir, 'pglite'));
    await migrate(drizzle({ client }), { migrationsFolder: older });
    await client.close();

    let database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [applied] = await rows(database, 'select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied!.n).toBe(journalOf(migrationsFolder).entries.length);
      expect(database.vectorSearch).toBe(true);
      // Its memory as set for one user, not PostgreSQL's defaults.
      const [buffers] = await rows(database, 'show shared_buffers');
      expect(buffers!.shared_buffers).toBe(PGLITE_SETTINGS.shared_buffers);
      await rows(database, 'drop index passage_embeddings_hnsw_768');
    } finally {
      await database.close();
    }

    // One index gone: the next start makes it again.
    database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [index] = await rows(
        database,
        `select to_regclass('passage_embeddings_hnsw_768') is not null as found`,
      );
      expect(index!.found).toBe(true);
      expect(database.vectorSearch).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
