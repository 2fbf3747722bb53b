import type { AppContext } from '../../lib/context';
import { embedForUser, type SearchModel } from '../ai-models';

/*
 * A question's vector is asked of the user's search model once: the Knowledge page searches as
 * the user types and pages back and forth, and the twin grounds several drafts of one task in
 * the same message. Kept per user (never shared: a hit would tell one user what another asked)
 * and per model, the oldest forgotten first.
 */

/** Questions remembered across all users; a vector of 1,536 numbers is about 12 KB. */
const REMEMBERED_QUESTIONS = 500;

const remembered = new Map<string, number[]>();

/** The question's vector from the user's search model (metered like every model call when asked). */
export async function embedQuestion(
  ctx: AppContext,
  userId: string,
  model: SearchModel,
  question: string,
): Promise<number[]> {
  const key = `${userId}\n${model.key}\n${question}`;
  const known = remembered.get(key);
  if (known) {
    // Most recently used last: a Map keeps insertion order.
    remembered.delete(key);
    remembered.set(key, known);
    return known;
  }
  const [vector] = await embedForUser(ctx, userId, model, [question]);
  if (!vector || vector.length === 0)
    throw new Error(`the search model ${model.config.model} answered no vector`);
  remembered.set(key, vector);
  if (remembered.size > REMEMBERED_QUESTIONS) remembered.delete(remembered.keys().next().value!);
  return vector;
}
