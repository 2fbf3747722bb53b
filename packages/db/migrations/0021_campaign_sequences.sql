CREATE TABLE "campaign_lead_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"outcome" text NOT NULL,
	"skip_reason" text,
	"task_id" uuid,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_touches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"campaign_id" uuid,
	"message" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "touches_per_week" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "data_quality" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "engaged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "sequence_step" integer;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "sequence_state" text;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "next_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "sequence_stop_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slice_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_lead_steps" ADD CONSTRAINT "campaign_lead_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_lead_steps" ADD CONSTRAINT "campaign_lead_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_lead_steps" ADD CONSTRAINT "campaign_lead_steps_lead_id_campaign_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_lead_steps" ADD CONSTRAINT "campaign_lead_steps_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_touches" ADD CONSTRAINT "campaign_touches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_touches" ADD CONSTRAINT "campaign_touches_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_touches" ADD CONSTRAINT "campaign_touches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_lead_steps_lead_step_idx" ON "campaign_lead_steps" USING btree ("lead_id","step");--> statement-breakpoint
CREATE INDEX "campaign_lead_steps_campaign_idx" ON "campaign_lead_steps" USING btree ("campaign_id","step");--> statement-breakpoint
CREATE INDEX "campaign_lead_steps_task_idx" ON "campaign_lead_steps" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_touches_message_idx" ON "campaign_touches" USING btree ("user_id","contact_id","message","at");--> statement-breakpoint
CREATE INDEX "campaign_leads_due_step_idx" ON "campaign_leads" USING btree ("campaign_id","next_step_at") WHERE "campaign_leads"."sequence_state" = 'waiting';--> statement-breakpoint
-- Leads engaged before engaged_at existed: their task (or the message they were sent) says so.
UPDATE "campaign_leads" SET "engaged_at" = "updated_at" WHERE "task_id" IS NOT NULL OR "contacted_at" IS NOT NULL;--> statement-breakpoint
-- Data quality as campaigns/match-score.ts computes it: 80% the share of the required fields
-- present (all when none is required), 20% the share of the five contact fields present.
UPDATE "campaign_leads" AS l SET "data_quality" = round(100 * (
  0.8 * coalesce(
    (
      (case when (r.req->>'email_required')::boolean and coalesce(l.email, '') <> '' then 1 else 0 end)
      + (case when (r.req->>'company_required')::boolean and coalesce(l.company, '') <> '' then 1 else 0 end)
      + (case when (r.req->>'linkedin_required')::boolean and coalesce(l.linkedin_url, '') <> '' then 1 else 0 end)
      + (case when (r.req->>'phone_required')::boolean and coalesce(l.phone, '') <> '' then 1 else 0 end)
    )::numeric / nullif(
      (case when (r.req->>'email_required')::boolean then 1 else 0 end)
      + (case when (r.req->>'company_required')::boolean then 1 else 0 end)
      + (case when (r.req->>'linkedin_required')::boolean then 1 else 0 end)
      + (case when (r.req->>'phone_required')::boolean then 1 else 0 end), 0),
    1)
  + 0.2 * (
      (case when coalesce(l.email, '') <> '' then 1 else 0 end)
      + (case when coalesce(l.company, '') <> '' then 1 else 0 end)
      + (case when coalesce(l.position, '') <> '' then 1 else 0 end)
      + (case when coalesce(l.phone, '') <> '' then 1 else 0 end)
      + (case when coalesce(l.linkedin_url, '') <> '' then 1 else 0 end)
    )::numeric / 5
))::int
FROM (SELECT "id", "stage_configs"->'extraction'->'data_quality_requirements' AS req FROM "campaigns") AS r
WHERE r."id" = l."campaign_id";
--> statement-breakpoint
-- Sequence steps change what a campaign shows (its Overview figures): the one change feed
-- (0014) announces them as the campaign's.
CREATE TRIGGER "campaign_lead_steps_insert_change" AFTER INSERT ON "campaign_lead_steps" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'campaign_id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "campaign_lead_steps_update_change" AFTER UPDATE ON "campaign_lead_steps" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'campaign_id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "campaign_lead_steps_delete_change" AFTER DELETE ON "campaign_lead_steps" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'campaign_id', 'campaignId');
