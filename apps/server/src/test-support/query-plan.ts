import { sql, type DbOrTx } from '@doppel/db';

interface ToSql {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The plan the database chooses for a query the code builds, as EXPLAIN's text. Sequential scans
 * are turned off for the statement so a test asks whether an index *can* serve the query: a test
 * table of a few hundred rows would otherwise be read whole, which says nothing about 100,000.
 * The query's parameters are inlined as literals, in a transaction that is rolled back.
 */
export async function queryPlan(db: DbOrTx, query: ToSql): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    const string =
      typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
    return `'${string.replaceAll("'", "''")}'`;
  };
  // $10 before $1, so a longer placeholder is not taken for a shorter one.
  const inlined = params
    .map((value, index) => [index + 1, value] as const)
    .reverse()
    .reduce((statement, [n, value]) => statement.replaceAll(`$${n}`, literal(value)), text);
  let plan = '';
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql.raw(`explain ${inlined}`));
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
        Record<string, string>
      >;
      plan = rows.map((row) => Object.values(row)[0]).join('\n');
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return plan;
}

class RolledBack extends Error {}
