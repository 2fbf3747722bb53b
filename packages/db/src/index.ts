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
  ne,
  or,
  sql,
} from 'drizzle-orm';
export * from './vector-storage';
