CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"persona_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"platform" text DEFAULT 'universal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persona_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"domain_type" text DEFAULT 'business' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"expertise_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"career_stage" text DEFAULT '' NOT NULL,
	"communication_style" text DEFAULT '' NOT NULL,
	"core_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_motivation" text DEFAULT '' NOT NULL,
	"decision_making_style" text DEFAULT '' NOT NULL,
	"leadership_style" text DEFAULT '' NOT NULL,
	"negotiation_style" text DEFAULT '' NOT NULL,
	"core_conflict" text DEFAULT '' NOT NULL,
	"growth_edge" text DEFAULT '' NOT NULL,
	"context_template" text DEFAULT '' NOT NULL,
	"contextual_prompt_template" text DEFAULT '' NOT NULL,
	"domain_context" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"high_concept_goal" text DEFAULT '' NOT NULL,
	"high_concept_target_audience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"high_concept_key_challenge" text DEFAULT '' NOT NULL,
	"high_concept_positioning_now" text DEFAULT '' NOT NULL,
	"high_concept_positioning_future" text DEFAULT '' NOT NULL,
	"high_concept_key_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"high_concept_content_strategy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"high_concept_next_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand_mission" text DEFAULT '' NOT NULL,
	"brand_slogan" text DEFAULT '' NOT NULL,
	"brand_taglines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand_personality" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"brand_usp" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand_visual_identity" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"brand_personal_style" text DEFAULT '' NOT NULL,
	"brand_content_themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand_media_strategy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"brand_test_plan" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"twin_voice" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_persona_id_persona_profiles_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."persona_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_profiles" ADD CONSTRAINT "persona_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_templates_persona_idx" ON "message_templates" USING btree ("persona_id","created_at");--> statement-breakpoint
CREATE INDEX "persona_profiles_user_created_idx" ON "persona_profiles" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "persona_profiles_one_twin_voice_idx" ON "persona_profiles" USING btree ("user_id") WHERE "persona_profiles"."twin_voice";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_persona_id_persona_profiles_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."persona_profiles"("id") ON DELETE set null ON UPDATE no action;