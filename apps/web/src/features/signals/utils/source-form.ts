import {
  createSignalSourceInputSchema,
  signalPlatformSchema,
  updateSignalSourceInputSchema,
  type CreateSignalSourceInput,
  type SignalPlatform,
  type UpdateSignalSourceInput,
} from '@doppel/contracts';
import { z } from 'zod';
import { parseKeywords } from './signal-format';

/** The source forms hold what was typed; the contracts' schemas check what it turns into. */
export interface FeedFormValues {
  url: string;
  name: string;
  keywords: string;
}
export interface SubredditFormValues {
  subreddit: string;
  name: string;
  keywords: string;
}
export interface PlanFormValues {
  /** Kept as typed, so an empty field can say it is empty. */
  cadencePerWeek: string;
  platforms: SignalPlatform[];
}
export type EditSourceFormValues = { name: string; keywords: string } & PlanFormValues;

/** The cadence as the schema wants it: a number, or NaN when the field is empty. */
export function cadenceNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

const typedText = z.string();
const typedPlatforms = z.array(signalPlatformSchema);

/** A followed source's name and keywords: a name left empty is none (the server names it). */
const nameAndKeywords = ({ name, keywords }: { name: string; keywords: string }) => ({
  ...(name.trim() ? { name: name.trim() } : {}),
  keywords: parseKeywords(keywords),
});

/** Add → News feed, as the contract's create input. */
export const feedFormSchema = z
  .object({ url: typedText, name: typedText, keywords: typedText })
  .transform(({ url, ...rest }): CreateSignalSourceInput => ({ kind: 'rss', url, ...nameAndKeywords(rest) }))
  .pipe(createSignalSourceInputSchema);

/** Add → Subreddit, as the contract's create input. */
export const subredditFormSchema = z
  .object({ subreddit: typedText, name: typedText, keywords: typedText })
  .transform(({ subreddit, ...rest }): CreateSignalSourceInput => ({
    kind: 'reddit',
    subreddit,
    ...nameAndKeywords(rest),
  }))
  .pipe(createSignalSourceInputSchema);

/** Add → Content plan, as the contract's create input. */
export const planFormSchema = z
  .object({ cadencePerWeek: typedText, platforms: typedPlatforms })
  .transform(({ cadencePerWeek, platforms }): CreateSignalSourceInput => ({
    kind: 'content_plan',
    cadencePerWeek: cadenceNumber(cadencePerWeek),
    platforms,
  }))
  .pipe(createSignalSourceInputSchema);

const editFields = z.object({
  name: typedText,
  keywords: typedText,
  cadencePerWeek: typedText,
  platforms: typedPlatforms,
});

/** Edit a feed or a subreddit: its name and keywords, as the contract's update input. */
export const editKeywordsFormSchema = editFields
  .transform(({ name, keywords }): UpdateSignalSourceInput => ({ name, keywords: parseKeywords(keywords) }))
  .pipe(updateSignalSourceInputSchema);

/** Edit the content plan: its name, cadence and platforms, as the contract's update input. */
export const editPlanFormSchema = editFields
  .transform(({ name, cadencePerWeek, platforms }): UpdateSignalSourceInput => ({
    name,
    cadencePerWeek: cadenceNumber(cadencePerWeek),
    platforms,
  }))
  .pipe(updateSignalSourceInputSchema);
