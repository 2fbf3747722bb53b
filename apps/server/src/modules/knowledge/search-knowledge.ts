import {
  knowledgeSearchQuerySchema,
  type KnowledgeSearchHit,
  type KnowledgeSearchResult,
  type KnowledgeSource,
} from '@doppel/contracts';
import { and, documentPassages, documents, documentUses, eq, inArray, sql } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { resolveSearchModel, type SearchModel } from '../ai-models';
import { vectorLiteral } from './embed-passages';
import { embedQuestion } from './question-vectors';
import { SEARCH_CONFIGS, searchConfig } from './text-search';

/** A passage found by its words: its rank among them, and its ts_rank_cd score. */
interface WordHit {
  passage_id: string;
  document_id: string;
  rank: number;
}

/** A passage found by its meaning, with its cosine distance to the question (0 = same meaning). */
interface MeaningHit {
  passage_id: string;
  document_id: string;
  distance: number;
}

interface HitDetail {
  passage_id: string;
  document_id: string;
  name: string;
  category: KnowledgeSearchHit['category'];
  snippet: string;
}

/**
 * Passages ranked per search at most. Ranking reads every candidate's vector, so a word found in
 * tens of thousands of passages would cost hundreds of milliseconds; past this many matches the
 * word says little about any one passage, and the best of the first thousand found is kept
 * (docs/decisions/016).
 */
const RANKED_CANDIDATES = 1000;

/**
 * How many passages each side (words, meaning) brings to the fusion: enough that a passage one
 * side ranks low but the other high still makes the top results.
 */
const FUSED_CANDIDATES = 40;

/** Reciprocal rank fusion's constant (Cormack et al.): damps the weight of the very first places. */
const RRF_K = 60;

/** Marks the matched words in snippets; the web app turns them into highlights. */
const HIGHLIGHT = 'StartSel=[[,StopSel=]],MaxWords=35,MinWords=15,ShortWord=2,MaxFragments=1';

/** One tsquery for every language we index in, so one GIN index answers any of them. */
function anyLanguageQuery(query: string) {
  return sql.join(
    SEARCH_CONFIGS.map((config) => sql`websearch_to_tsquery(${config}::regconfig, ${query})`),
    sql` || `,
  );
}

/** The headline's configuration per row: the document's language. */
const headlineConfig = sql.raw(
  `(case ${['en', 'ru', 'fr', 'es', 'de'].map((code) => `when d.language = '${code}' then '${searchConfig(code)}'`).join(' ')} else 'simple' end)::regconfig`,
);

/** What a search asks: words for the full-text side, and the text whose meaning is searched. */
export interface SearchQuestion {
  /** Websearch syntax: "a b" needs both, "a or b" either. */
  words: string | null;
  /** Embedded as it is: a question, or a message to ground a draft in. */
  meaning: string;
}

/**
 * Candidates ranked by cover density (ts_rank_cd, which rewards the words found close together)
 * after a first, cheaper ranking by frequency (ts_rank) has kept this many: it reads positions,
 * and costs about three times as much per passage.
 */
const DENSITY_RANKED = 100;

/** The best passages by their words, most relevant first. */
async function passagesByWords(ctx: AppContext, userId: string, words: string, limit: number) {
  const { rows } = (await ctx.db.execute(sql`
    with q as (select (${anyLanguageQuery(words)}) as query),
    candidates as (
      select p.id, p.document_id, p.search
      from document_passages p, q
      where p.user_id = ${userId} and p.search @@ q.query
      limit ${RANKED_CANDIDATES}
    ),
    frequent as (
      select c.* from candidates c, q order by ts_rank(c.search, q.query) desc limit ${DENSITY_RANKED}
    )
    select f.id as passage_id, f.document_id, ts_rank_cd(f.search, q.query) as rank
    from frequent f, q
    order by rank desc
    limit ${limit}`)) as { rows: WordHit[] };
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/**
 * The passages nearest in meaning to a question's vector, from the user's search model. The
 * width is written into the statement, not passed: a partial HNSW index per width answers only
 * a query the planner can see is of that width (vector-storage.ts). Iterative scans keep an
 * index search that other users' passages crowd out going until it has found enough.
 */
async function passagesByMeaning(
  ctx: AppContext,
  userId: string,
  model: SearchModel,
  vector: number[],
  limit: number,
): Promise<MeaningHit[]> {
  const width = sql.raw(String(Math.trunc(vector.length)));
  const distance = sql`(e.embedding::halfvec(${width}) <=> ${vectorLiteral(vector)}::halfvec(${width}))`;
  return ctx.db.transaction(async (tx) => {
    // One round trip for both settings, for this transaction only.
    await tx.execute(
      sql`select set_config('hnsw.ef_search', '100', true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`,
    );
    const { rows } = (await tx.execute(sql`
      select e.passage_id, p.document_id, ${distance} as distance
      from passage_embeddings e
      join document_passages p on p.id = e.passage_id
      where e.user_id = ${userId} and e.model = ${model.key} and e.dimensions = ${width}
      order by ${distance}
      limit ${limit}`)) as { rows: MeaningHit[] };
    return rows.map((row) => ({ ...row, distance: Number(row.distance) }));
  });
}

/** A fused candidate: its RRF score, and what each side said of it. */
interface Fused {
  passageId: string;
  documentId: string;
  fused: number;
  /** ts_rank_cd as it came, and capped at 1 as a score. */
  wordRank: number | null;
  wordScore: number | null;
  similarity: number | null;
}

/**
 * Reciprocal rank fusion: each passage scores Σ 1/(k + its place) over the lists it is in, so
 * one found by both words and meaning rises, and neither side's scale matters. One passage per
 * document, its best.
 */
export function fuseRankings(byWords: WordHit[], byMeaning: MeaningHit[], limit: number): Fused[] {
  const fused = new Map<string, Fused>();
  const entry = (passageId: string, documentId: string) => {
    let found = fused.get(passageId);
    if (!found) {
      found = { passageId, documentId, fused: 0, wordRank: null, wordScore: null, similarity: null };
      fused.set(passageId, found);
    }
    return found;
  };
  byWords.forEach((hit, place) => {
    const found = entry(hit.passage_id, hit.document_id);
    found.fused += 1 / (RRF_K + place + 1);
    found.wordRank = hit.rank;
    found.wordScore = Math.min(1, hit.rank);
  });
  byMeaning.forEach((hit, place) => {
    const found = entry(hit.passage_id, hit.document_id);
    found.fused += 1 / (RRF_K + place + 1);
    found.similarity = Math.max(0, Math.min(1, 1 - hit.distance));
  });
  const bestPerDocument = new Map<string, Fused>();
  for (const candidate of [...fused.values()].sort((a, b) => b.fused - a.fused)) {
    if (!bestPerDocument.has(candidate.documentId)) bestPerDocument.set(candidate.documentId, candidate);
  }
  return [...bestPerDocument.values()].slice(0, limit);
}

/** Names, categories and snippets of the chosen passages (of processed documents only). */
async function hitDetails(ctx: AppContext, userId: string, passageIds: string[], words: string | null) {
  if (passageIds.length === 0) return new Map<string, HitDetail>();
  // Without words to mark, the snippet is the passage's opening (ts_headline of an empty query).
  const query = words ? sql`(${anyLanguageQuery(words)})` : sql`''::tsquery`;
  const { rows } = (await ctx.db.execute(sql`
    select p.id as passage_id, p.document_id, d.name, d.category,
      ts_headline(${headlineConfig}, p.text, ${query}, ${HIGHLIGHT}) as snippet
    from document_passages p
    join documents d on d.id = p.document_id and d.user_id = ${userId} and d.status = 'processed'
    where p.id in (${sql.join(
      passageIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)) as { rows: HitDetail[] };
  return new Map(rows.map((row) => [row.passage_id, row]));
}

function matchOf(candidate: Fused): KnowledgeSearchHit['match'] {
  if (candidate.wordScore !== null && candidate.similarity !== null) return 'both';
  return candidate.similarity !== null ? 'meaning' : 'text';
}

/**
 * The question as a vector, from the user's search model; null when search by meaning cannot
 * run now (no model, or it failed: the search goes on by words, and says so in its mode) or
 * has nothing to search (no tokens are spent on a question nothing can answer).
 */
async function questionVector(ctx: AppContext, userId: string, text: string) {
  if (!ctx.vectorSearch) return null;
  const model = await resolveSearchModel(ctx, userId);
  if (!model || !(await hasProcessedDocuments(ctx, userId))) return null;
  try {
    return { model, vector: await embedQuestion(ctx, userId, model, text) };
  } catch (error) {
    ctx.log.warn({ err: error }, 'the search model did not answer; searching by words only');
    return null;
  }
}

/**
 * Searches the user's processed documents: by words (full text, ranked by ts_rank_cd, the
 * matched words marked between [[ and ]]) and, when they have a search model, by meaning too,
 * the two rankings fused (docs/decisions/040). What the Knowledge page's search, /search, the
 * twin's search_knowledge tool, the REST and MCP search and draft grounding read. Only the
 * user's own passages are read.
 */
export async function searchPassages(
  ctx: AppContext,
  userId: string,
  question: SearchQuestion,
  limit: number,
): Promise<KnowledgeSearchResult> {
  const semantic = await questionVector(ctx, userId, question.meaning);
  const perSide = semantic ? Math.max(FUSED_CANDIDATES, limit) : limit * 3;
  const [byWords, byMeaning] = await Promise.all([
    question.words ? passagesByWords(ctx, userId, question.words, perSide) : [],
    semantic ? passagesByMeaning(ctx, userId, semantic.model, semantic.vector, perSide) : [],
  ]);
  const chosen = fuseRankings(byWords, byMeaning, limit);
  const details = await hitDetails(
    ctx,
    userId,
    chosen.map((candidate) => candidate.passageId),
    question.words,
  );
  const hits: KnowledgeSearchHit[] = [];
  for (const candidate of chosen) {
    const detail = details.get(candidate.passageId);
    if (!detail) continue;
    hits.push({
      documentId: candidate.documentId,
      passageId: candidate.passageId,
      title: detail.name,
      category: detail.category,
      snippet: detail.snippet,
      rank: semantic ? candidate.fused : (candidate.wordRank ?? 0),
      score: Math.max(candidate.wordScore ?? 0, candidate.similarity ?? 0),
      match: matchOf(candidate),
    });
  }
  const mode = semantic ? 'hybrid' : 'full_text';
  // Found something, so there is something to search; else, whether there is anything at all.
  return { searchable: hits.length > 0 || (await hasProcessedDocuments(ctx, userId)), mode, hits };
}

async function hasProcessedDocuments(ctx: AppContext, userId: string): Promise<boolean> {
  const [found] = await ctx.db
    .select({ found: sql<boolean>`true` })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, 'processed')))
    .limit(1);
  return found !== undefined;
}

/** A search typed by a person or sent by a client: its words, and their meaning. */
export async function searchKnowledge(
  ctx: AppContext,
  userId: string,
  query: string,
  limit = 5,
): Promise<KnowledgeSearchResult> {
  const { q, limit: top } = knowledgeSearchQuerySchema.parse({ q: query, limit });
  return searchPassages(ctx, userId, { words: q, meaning: q }, top);
}

/** The whole text of these passages of the user's (a snippet is a fragment of one). */
export async function passageTexts(ctx: AppContext, userId: string, passageIds: string[]) {
  if (passageIds.length === 0) return new Map<string, string>();
  const rows = await ctx.db
    .select({ id: documentPassages.id, text: documentPassages.text })
    .from(documentPassages)
    .where(and(eq(documentPassages.userId, userId), inArray(documentPassages.id, passageIds)));
  return new Map(rows.map((row) => [row.id, row.text]));
}

/** A hit as a source to cite: the snippet without highlight marks, and how well it answered. */
export function toSource(hit: KnowledgeSearchHit): KnowledgeSource {
  return {
    documentId: hit.documentId,
    title: hit.title,
    snippet: hit.snippet.replace(/\[\[|\]\]/g, ''),
    score: hit.score,
  };
}

/**
 * Counts a use of the documents behind these hits: one more request each, the
 * relevance as a running average of their scores (0–1), and the subject — a task or chat — as
 * a connection once.
 */
export async function recordKnowledgeUse(
  ctx: AppContext,
  hits: KnowledgeSearchHit[],
  subject: string,
): Promise<void> {
  const best = new Map<string, number>();
  for (const hit of hits) best.set(hit.documentId, Math.max(best.get(hit.documentId) ?? 0, hit.score));
  if (best.size === 0) return;
  await ctx.db.transaction(async (tx) => {
    for (const [documentId, score] of best) {
      await tx
        .update(documents)
        .set({
          usageRelevance: sql`(${documents.usageRelevance} * ${documents.usageRequests} + ${score}) / (${documents.usageRequests} + 1)`,
          usageRequests: sql`${documents.usageRequests} + 1`,
        })
        .where(eq(documents.id, documentId));
      await tx.insert(documentUses).values({ documentId, subject }).onConflictDoNothing();
    }
  });
}
