export * from './schema/index';
export * from './client';
export * from './data-dir-lock';
export { connectionFailureIn, isDatabaseUnavailable } from './connection-errors';
// Query helpers re-exported so every workspace uses this package's one copy of drizzle-orm.
export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  isNotNull,
  lt,
  lte,
  max,
  min,
  ne,
  or,
  sql,
} from 'drizzle-orm';
export type { SQL } from 'drizzle-orm';
export * from './vector-storage';
