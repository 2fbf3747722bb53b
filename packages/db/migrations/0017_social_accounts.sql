CREATE TABLE "gateway_leases" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"app_client_id" text,
	"app_client_secret" text,
	"state" text DEFAULT 'disconnected' NOT NULL,
	"problem" text,
	"account_id" text,
	"account_name" text,
	"tokens" text,
	"scope" text,
	"access_expires_at" timestamp with time zone,
	"pending_state_hash" text,
	"pending_state_until" timestamp with time zone,
	"rate_limited_until" timestamp with time zone,
	"is_sample" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_leases" ADD CONSTRAINT "gateway_leases_connection_id_messenger_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."messenger_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_user_platform_idx" ON "social_accounts" USING btree ("user_id","platform");--> statement-breakpoint
-- The one change feed (0014): a connected, refused or disconnected social account reaches every
-- open tab of its user. gateway_leases has no trigger on purpose: its lease is renewed every round.
CREATE TRIGGER "social_accounts_insert_change" AFTER INSERT ON "social_accounts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('social.changed', 'id', 'accountId');--> statement-breakpoint
CREATE TRIGGER "social_accounts_update_change" AFTER UPDATE ON "social_accounts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('social.changed', 'id', 'accountId');--> statement-breakpoint
CREATE TRIGGER "social_accounts_delete_change" AFTER DELETE ON "social_accounts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('social.changed', 'id', 'accountId');
