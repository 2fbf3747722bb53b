-- Documents processed before key phrases (docs/decisions/047) keep word counts as topics
-- ("pilot, pilots, always"). A migration runs once per database, so it queues the one-off
-- backfill: one `knowledge.reanalyse-topics` job per user with processed documents, for the
-- documents last written before now (modules/knowledge/reanalyse-topics.ts).
INSERT INTO "jobs" ("kind", "payload")
SELECT 'knowledge.reanalyse-topics',
  jsonb_build_object('userId', d."user_id", 'before', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
FROM (SELECT DISTINCT "user_id" FROM "documents" WHERE "status" = 'processed') AS d;
