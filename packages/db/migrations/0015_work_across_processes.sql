-- Work across processes (docs/decisions/027-work-across-processes.md).
-- A schedule is one job row with a singleton key: at most one row per key, so processes that
-- start together cannot create two. A worker's lease records who holds it (locked_by).
-- Every job that becomes claimable — inserted, or queued again (a retry, a schedule's next
-- slot, a poll moved earlier) — sends NOTIFY doppel_jobs with its kind once its transaction
-- commits, so the worker of every process wakes at once instead of at its next poll, whichever
-- code path enqueued it.
-- A document's passages are unique by position: they are written a few statements at a time
-- outside the transaction that marks the document processed, and a worker that took the job
-- over rewrites the same rows instead of doubling them.
DROP INDEX "document_passages_document_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "singleton_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("singleton_key") WHERE singleton_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_passages_document_idx" ON "document_passages" USING btree ("document_id","position");
--> statement-breakpoint
CREATE FUNCTION "doppel_job_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('doppel_jobs', NEW.kind);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_queued_notice" AFTER INSERT OR UPDATE OF "status", "run_at" ON "jobs"
  FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION "doppel_job_queued"();
