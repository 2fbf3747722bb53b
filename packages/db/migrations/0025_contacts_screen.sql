CREATE TABLE "contact_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"source" text NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "name" || ' ' || coalesce("company", ''))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_channels" ADD CONSTRAINT "contact_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_channels" ADD CONSTRAINT "contact_channels_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_channels_user_handle_idx" ON "contact_channels" USING btree ("user_id","source","handle");--> statement-breakpoint
CREATE INDEX "contact_channels_contact_idx" ON "contact_channels" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contacts_user_lower_name_idx" ON "contacts" USING btree ("user_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "tasks_contact_created_idx" ON "tasks" USING btree ("contact_id","created_at");
--> statement-breakpoint
-- Assignee is now the user or the twin (issue 24): any other name an API client wrote means a person, the user.
UPDATE "tasks" SET "assignee" = 'user' WHERE "assignee" IS NOT NULL AND "assignee" <> 'twin';--> statement-breakpoint
-- A contact that has written gets the twin's active persona (the twin voice, else the oldest), so
-- a persona's contact and message counts are real for messenger contacts too (issue 24).
UPDATE "contacts" AS c SET "persona_id" = (
  SELECT p."id" FROM "persona_profiles" AS p WHERE p."user_id" = c."user_id"
  ORDER BY p."twin_voice" DESC, p."created_at" ASC, p."id" ASC LIMIT 1
)
WHERE c."persona_id" IS NULL
  AND EXISTS (SELECT 1 FROM "communication_history" AS h WHERE h."contact_id" = c."id" AND h."direction" = 'inbound');
--> statement-breakpoint
-- The contact page's conversation updates live: a message recorded or settled is a change of its contact.
CREATE TRIGGER "communication_history_insert_change" AFTER INSERT ON "communication_history" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('contact.changed', 'contact_id', 'contactId');--> statement-breakpoint
CREATE TRIGGER "communication_history_update_change" AFTER UPDATE ON "communication_history" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('contact.changed', 'contact_id', 'contactId');
