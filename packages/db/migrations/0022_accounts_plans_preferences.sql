CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"stripe_event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"default_token_quota" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_task_id_channel_pk" PRIMARY KEY("task_id","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_targets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"telegram_chat_id" text,
	"telegram_link_code_hash" text,
	"telegram_link_expires_at" timestamp with time zone,
	"telegram_linked_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "price_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "currency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "billing_period" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "annual_discount_percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "next_billing_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_file_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_instance_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "kind" text DEFAULT 'self_hosted' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "owner_token_quota" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_price_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_targets" ADD CONSTRAINT "notification_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_user_idx" ON "notification_deliveries" USING btree ("user_id","channel","sent_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_instance_owner_idx" ON "users" USING btree ("is_instance_owner") WHERE "users"."is_instance_owner";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_stripe_customer_id_unique" UNIQUE("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id");--> statement-breakpoint
-- No billing existed before: every real account's "Pro Plan" at $29 was made up. It becomes the
-- instance's self-hosted plan with the quota it had; demo sandboxes keep their sample plan.
UPDATE "subscriptions" AS s SET
  "kind" = CASE WHEN u."is_demo" THEN 'sample' ELSE 'self_hosted' END,
  "plan_name" = CASE WHEN u."is_demo" THEN s."plan_name" ELSE 'Self-hosted' END,
  "price_cents" = CASE WHEN u."is_demo" THEN s."price_cents" END,
  "currency" = CASE WHEN u."is_demo" THEN s."currency" END,
  "billing_period" = CASE WHEN u."is_demo" THEN s."billing_period" END,
  "annual_discount_percent" = CASE WHEN u."is_demo" THEN s."annual_discount_percent" END,
  "next_billing_date" = CASE WHEN u."is_demo" THEN s."next_billing_date" END,
  "payment_method" = CASE WHEN u."is_demo" THEN s."payment_method" END,
  "status" = CASE WHEN u."is_demo" THEN s."status" ELSE 'active' END
FROM "users" AS u WHERE u."id" = s."user_id";
--> statement-breakpoint
INSERT INTO "instance_settings" ("id", "default_token_quota") VALUES (true, 1000000) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The first account of an existing instance is its owner.
UPDATE "users" SET "is_instance_owner" = true
WHERE "id" = (SELECT "id" FROM "users" WHERE NOT "is_demo" ORDER BY "created_at", "id" LIMIT 1);
--> statement-breakpoint
UPDATE "user_settings" SET "notifications" = "notifications" || '{"emailDigest":"daily"}'::jsonb
WHERE NOT ("notifications" ? 'emailDigest');
--> statement-breakpoint
-- A plan changed by a Stripe webhook or by the instance owner: the user's open tabs refetch it.
CREATE TRIGGER "subscriptions_update_change" AFTER UPDATE ON "subscriptions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('subscription.changed', 'user_id', 'userId');
