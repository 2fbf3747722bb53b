import { sql, type DbOrTx, type SQL } from '@doppel/db';

/**
 * The database's plan of `query` (a drizzle query builder, or SQL) as EXPLAIN prints it, one
 * node a line, planned with its parameters as the route sends it: a test asserts which index
 * serves a list, and that no Sort sits over the table.
 *
 * `withoutSeqScans` plans it with sequential scans off (in a transaction that is rolled back), to
 * ask whether an index *can* serve the query: a test table of a few hundred rows would otherwise
 * be read whole, which says nothing about 100,000. Without it, seed enough rows and ANALYZE.
 */
export async function queryPlan(
  db: DbOrTx,
  query: { getSQL(): SQL } | SQL,
  { withoutSeqScans = false } = {},
): Promise<string> {
  const explain = async (runner: DbOrTx) => {
    const { rows } = (await runner.execute(sql`explain ${query}`)) as {
      rows: Array<{ 'QUERY PLAN': string }>;
    };
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  if (!withoutSeqScans) return explain(db);
  let plan = '';
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      plan = await explain(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return plan;
}

class RolledBack extends Error {}
