-- Same index, without its pending list: recent inserts go straight into the index, and the
-- entries already pending are moved in now (decision 040).
ALTER INDEX "document_passages_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('document_passages_search_idx'::regclass);
