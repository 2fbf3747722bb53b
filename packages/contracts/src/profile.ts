import { z } from 'zod';
import { emailSchema } from './auth';

export const updateProfileInputSchema = z
  .object({
    fullName: z.string().trim().min(1, 'nameRequired').max(120, 'nameTooLong'),
    /** A changed address is confirmed by a link sent to it; the old one stays until then. */
    email: emailSchema,
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;
