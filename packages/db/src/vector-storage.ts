/*
 * Passage embeddings for search by meaning (docs/decisions/040). They need pgvector, which
 * PGlite ships and a PostgreSQL server may or may not have, so the table is not in the
 * migrations (a migration cannot depend on an extension the server lacks, and one that skipped
 * it would never run again once the extension is installed). Instead every start creates
 * what is missing, idempotently, when the extension is there; without it search by meaning is
 * off and everything else works as before.
 *
 * Vectors are stored as halfvec (half the size of vector, precision to spare for ranking) in
 * one column of any width, since each embedding model has its own. HNSW needs a fixed width,
 * so there is one partial index per common width; a model of another width is searched
 * exactly, which is correct, only slower on a large knowledge base.
 */

/** Widths of the common embedding models (MiniLM 384 … OpenAI large 3072); halfvec HNSW takes ≤ 4000. */
export const INDEXED_EMBEDDING_DIMENSIONS = [256, 384, 512, 768, 1024, 1536, 2048, 3072] as const;

/** The widest embedding stored at all (halfvec's own limit is far above any real model). */
export const MAX_EMBEDDING_DIMENSIONS = 4096;

/** The statements that make the table and its indexes; each is safe to run again. */
export function vectorStorageStatements(): string[] {
  return [
    `create table if not exists passage_embeddings (
      passage_id uuid primary key references document_passages(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      model text not null,
      dimensions integer not null,
      embedding halfvec not null
    )`,
    // What a backfill asks: which of this user's passages have a vector from this model.
    `create index if not exists passage_embeddings_user_model_idx on passage_embeddings (user_id, model)`,
    ...INDEXED_EMBEDDING_DIMENSIONS.map(
      (width) =>
        `create index if not exists passage_embeddings_hnsw_${width} on passage_embeddings
          using hnsw ((embedding::halfvec(${width})) halfvec_cosine_ops) where dimensions = ${width}`,
    ),
  ];
}

/** The table and indexes vectorStorageStatements() makes, by name (schema-current.ts counts them). */
export function vectorStorageRelations(): string[] {
  return [
    'passage_embeddings',
    'passage_embeddings_user_model_idx',
    ...INDEXED_EMBEDDING_DIMENSIONS.map((width) => `passage_embeddings_hnsw_${width}`),
  ];
}

/** Runs one statement, answering its rows. */
export type RunSql = (statement: string) => Promise<Array<Record<string, unknown>>>;

/**
 * Creates the extension (when the server has it and we may), the table and its indexes.
 * Answers whether search by meaning can run. A server without pgvector, or a role that may not
 * create the extension where nobody did, answers false; nothing else depends on it.
 */
export async function ensureVectorStorage(run: RunSql): Promise<boolean> {
  const available = await run(`select 1 from pg_available_extensions where name = 'vector'`);
  if (available.length === 0) return false;
  const installed = async () => (await run(`select 1 from pg_extension where extname = 'vector'`)).length > 0;
  if (!(await installed())) {
    try {
      await run('create extension if not exists vector');
    } catch {
      // Not ours to create (creating pgvector needs a superuser): off until an operator does.
      return installed();
    }
  }
  for (const statement of vectorStorageStatements()) await run(statement);
  return true;
}
