import { sql, type DbOrTx, type SQL } from '@doppel/db';

/**
 * The database's plan of `query` (a drizzle query builder, or SQL) as EXPLAIN prints it, one
 * node a line, planned with its parameters as the route sends it: a test asserts which index
 * serves a list, and that no Sort sits over the table. Seed enough rows and ANALYZE first, so
 * the planner sees a table of the size the plan is about.
 */
export async function queryPlan(db: DbOrTx, query: { getSQL(): SQL } | SQL): Promise<string> {
  const { rows } = (await db.execute(sql`explain ${query}`)) as { rows: Array<{ 'QUERY PLAN': string }> };
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
