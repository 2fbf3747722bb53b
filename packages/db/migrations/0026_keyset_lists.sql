CREATE TABLE "task_tallies" (
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"priority" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_tallies_user_id_status_type_priority_pk" PRIMARY KEY("user_id","status","type","priority")
);
--> statement-breakpoint
DROP INDEX "documents_user_created_idx";--> statement-breakpoint
DROP INDEX "campaign_leads_campaign_idx";--> statement-breakpoint
ALTER TABLE "task_tallies" ADD CONSTRAINT "task_tallies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_user_type_created_idx" ON "tasks" USING btree ("user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_user_priority_created_idx" ON "tasks" USING btree ("user_id","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_user_category_created_idx" ON "documents" USING btree ("user_id","category","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_status_idx" ON "campaign_leads" USING btree ("campaign_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_user_created_idx" ON "documents" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_idx" ON "campaign_leads" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
-- Task tallies (docs/decisions/055-keyset-lists.md): every filter's total is a sum of at most 54
-- rows instead of a count over the user's tasks. Kept by statement-level triggers, so a bulk
-- insert or delete updates each tally once; rows are upserted in key order so two concurrent
-- statements cannot deadlock on them.
INSERT INTO "task_tallies" ("user_id", "status", "type", "priority", "n")
  SELECT "user_id", "status", "type", "priority", count(*)::int FROM "tasks" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE FUNCTION doppel_task_tallies_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "task_tallies" ("user_id", "status", "type", "priority", "n")
    SELECT "user_id", "status", "type", "priority", count(*)::int FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("user_id", "status", "type", "priority") DO UPDATE SET "n" = "task_tallies"."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose status, type or priority moved change a tally: editing a draft writes nothing here.
CREATE FUNCTION doppel_task_tallies_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "task_tallies" ("user_id", "status", "type", "priority", "n")
    SELECT "user_id", "status", "type", "priority", sum(d)::int FROM (
      SELECT "user_id", "status", "type", "priority", -1 AS d FROM old_rows
      UNION ALL
      SELECT "user_id", "status", "type", "priority", 1 AS d FROM new_rows
    ) AS moved
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("user_id", "status", "type", "priority") DO UPDATE SET "n" = "task_tallies"."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update, never an insert: when a deleted user's tasks go by cascade, their tallies are going too.
CREATE FUNCTION doppel_task_tallies_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "task_tallies" AS t SET "n" = t."n" - gone.n
  FROM (
    SELECT "user_id", "status", "type", "priority", count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ) AS gone
  WHERE t."user_id" = gone."user_id" AND t."status" = gone."status" AND t."type" = gone."type" AND t."priority" = gone."priority";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tasks_tallies_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_task_tallies_inserted();--> statement-breakpoint
CREATE TRIGGER "tasks_tallies_update" AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_task_tallies_updated();--> statement-breakpoint
CREATE TRIGGER "tasks_tallies_delete" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_task_tallies_deleted();
