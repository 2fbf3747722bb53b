import { z } from 'zod';
import { interfaceLanguageSchema, responseLanguageSchema } from './languages';

export const themes = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(themes);

export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_MAX_TOKENS = 2000;

export const emailDigestModes = ['instant', 'daily'] as const;
export const notificationSettingsSchema = z.object({
  /** Urgent tasks by email: each at once (`instant`) or one digest a day (`daily`). */
  email: z.boolean(),
  emailDigest: z.enum(emailDigestModes),
  push: z.boolean(),
  telegram: z.boolean(),
  whatsapp: z.boolean(),
});

export const aiPreferencesSchema = z.object({
  defaultModel: z.string().min(1).max(200).nullable(),
  temperature: z.number().min(0).max(1).multipleOf(0.1),
  maxTokens: z.number().int().min(1).max(200_000),
  replyInContactLanguage: z.boolean(),
  showTranslateOption: z.boolean(),
});

/**
 * The touch budget (issue 22): at most this many campaign messages reach one person in any 7
 * days, across all campaigns and channels; a sequence step over it is skipped and says why.
 */
export const TOUCH_BUDGET = { min: 1, max: 20, default: 3, days: 7 } as const;
export const touchBudgetSchema = z
  .number()
  .int()
  .min(TOUCH_BUDGET.min, 'touchBudgetRange')
  .max(TOUCH_BUDGET.max, 'touchBudgetRange');

export const userSettingsSchema = z.object({
  language: interfaceLanguageSchema,
  responseLanguage: responseLanguageSchema,
  autoTranslate: z.boolean(),
  theme: themeSchema,
  notifications: notificationSettingsSchema,
  aiPreferences: aiPreferencesSchema,
  touchesPerWeek: touchBudgetSchema,
  updatedAt: z.string(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const updateUserSettingsInputSchema = z
  .object({
    language: interfaceLanguageSchema,
    responseLanguage: responseLanguageSchema,
    autoTranslate: z.boolean(),
    theme: themeSchema,
    notifications: notificationSettingsSchema.partial().strict(),
    aiPreferences: aiPreferencesSchema.partial().strict(),
    touchesPerWeek: touchBudgetSchema,
  })
  .partial()
  .strict();
export type UpdateUserSettingsInput = z.infer<typeof updateUserSettingsInputSchema>;
