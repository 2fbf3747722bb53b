import { z } from 'zod';
import { interfaceLanguageSchema, responseLanguageSchema } from './languages';

export const themes = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(themes);

export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_MAX_TOKENS = 2000;

export const notificationSettingsSchema = z.object({
  email: z.boolean(),
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

export const userSettingsSchema = z.object({
  language: interfaceLanguageSchema,
  responseLanguage: responseLanguageSchema,
  autoTranslate: z.boolean(),
  theme: themeSchema,
  notifications: notificationSettingsSchema,
  aiPreferences: aiPreferencesSchema,
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
  })
  .partial()
  .strict();
export type UpdateUserSettingsInput = z.infer<typeof updateUserSettingsInputSchema>;
