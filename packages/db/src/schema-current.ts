import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { vectorStorageRelations, type RunSql } from './vector-storage';

/*
 * A start on a database that already has everything skips the migrator and the vector storage
 * statements (docs/decisions/054). The migrator reads and hashes every migration file and, on
 * PostgreSQL, takes a lock; vector storage runs a dozen idempotent statements. Instead one
 * query compares what drizzle stored for the last migration it applied (its hash and its
 * journal time) with the last migration shipped, and counts the vector storage's relations.
 * Anything else, a failed query included (a new database has no migrations table), takes the
 * full path, which decides as it always did.
 */

interface ShippedMigration {
  hash: string;
  createdAt: number;
}

const shipped = new Map<string, ShippedMigration>();

/** The last migration of the journal: its hash as drizzle computes it, and its journal time. */
function lastShippedMigration(migrationsFolder: string): ShippedMigration {
  let found = shipped.get(migrationsFolder);
  if (!found) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: Array<{ tag: string; when: number }>;
    };
    const last = journal.entries.at(-1)!;
    const sql = fs.readFileSync(path.join(migrationsFolder, `${last.tag}.sql`), 'utf8');
    found = { hash: crypto.createHash('sha256').update(sql).digest('hex'), createdAt: last.when };
    shipped.set(migrationsFolder, found);
  }
  return found;
}

/**
 * Whether the database has the last shipped migration applied and, when `vectors`, every table
 * and index of vector storage: then there is nothing for start-up to create.
 */
export async function schemaIsCurrent(
  run: RunSql,
  migrationsFolder: string,
  vectors: boolean,
): Promise<boolean> {
  const expected = lastShippedMigration(migrationsFolder);
  const relations = vectorStorageRelations();
  let rows: Array<Record<string, unknown>>;
  try {
    rows = await run(
      `select m.hash, m.created_at::text as created_at,
        (select count(*)::int from pg_class
          where relname in (${relations.map((name) => `'${name}'`).join(', ')}) and pg_table_is_visible(oid)) as vector_relations
      from drizzle.__drizzle_migrations m order by m.created_at desc limit 1`,
    );
  } catch {
    return false;
  }
  const [last] = rows;
  if (!last || last.hash !== expected.hash || Number(last.created_at) !== expected.createdAt) return false;
  return !vectors || last.vector_relations === relations.length;
}
