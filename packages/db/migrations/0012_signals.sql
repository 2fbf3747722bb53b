CREATE TABLE "signal_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_id" uuid,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"task_id" uuid,
	"published_at" timestamp with time zone,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signal_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_from_source" boolean DEFAULT false NOT NULL,
	"url" text,
	"subreddit" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cadence_per_week" integer,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"feed_title" text,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone,
	"items_seen" integer DEFAULT 0 NOT NULL,
	"tasks_created" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signal_items" ADD CONSTRAINT "signal_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_items" ADD CONSTRAINT "signal_items_source_id_signal_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."signal_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_items" ADD CONSTRAINT "signal_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_sources" ADD CONSTRAINT "signal_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signal_items_user_key_idx" ON "signal_items" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "signal_items_source_seen_idx" ON "signal_items" USING btree ("source_id","seen_at");--> statement-breakpoint
CREATE INDEX "signal_items_user_kind_seen_idx" ON "signal_items" USING btree ("user_id","kind","seen_at");--> statement-breakpoint
CREATE INDEX "signal_sources_user_created_idx" ON "signal_sources" USING btree ("user_id","created_at");