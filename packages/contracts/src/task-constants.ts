// Kept free of zod, like auth-constants.ts: the Assistant's first screen reads these at start.

/** Page size the spec's data layer defaults to, and the one the tasks view asks for. */
export const TASKS_DEFAULT_LIMIT = 10;
export const TASKS_VIEW_LIMIT = 50;
export const TASKS_MAX_LIMIT = 100;

/** Who does a task: the user themself, or the twin (which drafts and sends on its own). */
export const taskAssignees = ['user', 'twin'] as const;
