CREATE TABLE "inbound_events" (
	"connection_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_events_connection_id_event_id_pk" PRIMARY KEY("connection_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "messenger_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"is_connected" boolean DEFAULT true NOT NULL,
	"credentials" text NOT NULL,
	"credential_hints" jsonb NOT NULL,
	"permissions" jsonb NOT NULL,
	"inbound_secret_hash" text,
	"inbound_registered" boolean DEFAULT false NOT NULL,
	"last_sync_at" timestamp with time zone,
	"health_status" text DEFAULT 'unknown' NOT NULL,
	"health_checked_at" timestamp with time zone,
	"health_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communication_history" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "communication_history" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "inbound_events" ADD CONSTRAINT "inbound_events_connection_id_messenger_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."messenger_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_connections" ADD CONSTRAINT "messenger_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_events_received_idx" ON "inbound_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_connections_user_platform_idx" ON "messenger_connections" USING btree ("user_id","platform");