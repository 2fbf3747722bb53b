import {
  knowledgeSearchQuerySchema,
  type KnowledgeSearchHit,
  type KnowledgeSearchResult,
  type KnowledgeSource,
} from '@doppel/contracts';
import { and, documents, documentUses, eq, sql } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { SEARCH_CONFIGS, searchConfig } from './text-search';

interface SearchRow {
  document_id: string;
  name: string;
  category: KnowledgeSearchHit['category'];
  rank: number;
  snippet: string;
}

/**
 * Passages ranked per search at most. Ranking reads every candidate's vector, so a word found in
 * tens of thousands of passages would cost hundreds of milliseconds; past this many matches the
 * word says little about any one passage, and the best of the first thousand found is kept
 * (docs/decisions/016).
 */
const RANKED_CANDIDATES = 1000;

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

/**
 * Full-text search over the user's processed documents (what the Knowledge page's search,
 * /search, the twin's search_knowledge tool and draft grounding read). Ranked by ts_rank_cd;
 * snippets mark the matched words between [[ and ]]. Only the user's own passages are read.
 */
export async function searchKnowledge(
  ctx: AppContext,
  userId: string,
  query: string,
  limit = 5,
): Promise<KnowledgeSearchResult> {
  const { q, limit: top } = knowledgeSearchQuerySchema.parse({ q: query, limit });
  const [searchable, result] = await Promise.all([
    // Whether there is anything to search at all: one row is enough to know.
    ctx.db
      .select({ found: sql<boolean>`true` })
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.status, 'processed')))
      .limit(1),
    ctx.db.execute(sql`
      with q as (select (${anyLanguageQuery(q)}) as query),
      candidates as (
        select p.document_id, p.text, p.search
        from document_passages p, q
        where p.user_id = ${userId} and p.search @@ q.query
        limit ${RANKED_CANDIDATES}
      ),
      best as (
        select c.document_id, c.text, ts_rank_cd(c.search, q.query) as rank
        from candidates c, q
        order by rank desc
        limit ${top * 3}
      ),
      per_document as (
        select distinct on (best.document_id) best.*
        from best
        order by best.document_id, best.rank desc
      )
      select d.id as document_id, d.name, d.category, per_document.rank,
        ts_headline(${headlineConfig}, per_document.text, q.query, ${HIGHLIGHT}) as snippet
      from per_document
      join documents d on d.id = per_document.document_id and d.user_id = ${userId} and d.status = 'processed',
      q
      order by per_document.rank desc
      limit ${top}
    `),
  ]);
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const { rows } = result as { rows: SearchRow[] };
  return {
    searchable: searchable.length > 0,
    hits: rows.map((row) => ({
      documentId: row.document_id,
      title: row.name,
      category: row.category,
      snippet: row.snippet,
      rank: Number(row.rank),
    })),
  };
}

/** A hit as a source to cite: the snippet without highlight marks. */
export function toSource(hit: KnowledgeSearchHit): KnowledgeSource {
  return { documentId: hit.documentId, title: hit.title, snippet: hit.snippet.replace(/\[\[|\]\]/g, '') };
}

/**
 * Counts a use of the documents behind these hits: one more request each, the
 * relevance as a running average of match scores (ts_rank_cd capped at 1), and the subject —
 * a task or chat — as a connection once.
 */
export async function recordKnowledgeUse(
  ctx: AppContext,
  hits: KnowledgeSearchHit[],
  subject: string,
): Promise<void> {
  const best = new Map<string, number>();
  for (const hit of hits)
    best.set(hit.documentId, Math.max(best.get(hit.documentId) ?? 0, Math.min(1, hit.rank)));
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
