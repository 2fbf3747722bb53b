CREATE TABLE "voice_examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"persona_id" uuid,
	"task_id" uuid,
	"task_type" text NOT NULL,
	"channel" text,
	"language" text NOT NULL,
	"draft_kind" text NOT NULL,
	"contact_name" text,
	"about" text DEFAULT '' NOT NULL,
	"draft" text NOT NULL,
	"sent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_examples" ADD CONSTRAINT "voice_examples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_examples" ADD CONSTRAINT "voice_examples_persona_id_persona_profiles_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."persona_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_examples" ADD CONSTRAINT "voice_examples_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_examples_user_persona_created_idx" ON "voice_examples" USING btree ("user_id","persona_id","created_at");--> statement-breakpoint
-- The one change feed (0014): what the twin learned, or forgot, reaches every open tab of its
-- user (Settings → Learned voice), one event per user and statement however many rows changed.
CREATE TRIGGER "voice_examples_insert_change" AFTER INSERT ON "voice_examples" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('voice.changed', 'user_id', 'userId');--> statement-breakpoint
CREATE TRIGGER "voice_examples_update_change" AFTER UPDATE ON "voice_examples" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('voice.changed', 'user_id', 'userId');--> statement-breakpoint
CREATE TRIGGER "voice_examples_delete_change" AFTER DELETE ON "voice_examples" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('voice.changed', 'user_id', 'userId');
