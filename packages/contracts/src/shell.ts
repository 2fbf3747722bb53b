import { z } from 'zod';

/** Figures the app shell shows in its navigation (the red badge on the actions tab). */
export const navSummarySchema = z.object({
  pendingTasks: z.number().int().min(0),
});
export type NavSummary = z.infer<typeof navSummarySchema>;
