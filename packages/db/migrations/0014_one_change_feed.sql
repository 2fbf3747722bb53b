-- One change feed (docs/decisions/022-one-change-feed.md). Every committed write to a user's
-- tasks, contacts, documents, messenger connections, campaigns, leads, campaign token usage,
-- signal sources and items, and sessions sends one NOTIFY per changed object on the
-- user-events channel, as {"userId": …, "event": {"type": …, <id field>: …}}. Every server
-- process listens: it drops the cached reads the event names (packages/contracts
-- change-feed.ts) and streams the event to the user's open tabs. Nothing in the application
-- announces a change by hand any more, so none can be forgotten. This replaces the notices of
-- 0002_change_notices and 0013_campaign_change_notices.
DROP TRIGGER IF EXISTS "tasks_insert_notice" ON "tasks";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tasks_update_notice" ON "tasks";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tasks_delete_notice" ON "tasks";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "contacts_update_notice" ON "contacts";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_update_notice" ON "sessions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_delete_notice" ON "sessions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_demo_notice" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaigns_insert_notice" ON "campaigns";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaigns_update_notice" ON "campaigns";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaigns_delete_notice" ON "campaigns";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_leads_insert_notice" ON "campaign_leads";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_leads_update_notice" ON "campaign_leads";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_leads_delete_notice" ON "campaign_leads";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "token_usage_campaign_notice" ON "token_usage";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_tasks_changed_new"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_tasks_changed_old"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_sessions_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_user_sessions_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_campaigns_changed_new"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_campaigns_changed_old"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_campaign_usage_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "doppel_notify_change"(text, uuid);
--> statement-breakpoint
CREATE FUNCTION "doppel_notify_change"("owner" uuid, "event" json) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('doppel_user_events', json_build_object('userId', owner, 'event', event)::text);
$$;
--> statement-breakpoint
-- A statement-level trigger: one notice per distinct (owner, object) the statement touched,
-- however many rows (a CSV import of 10,000 leads sends one campaign.updated).
-- Arguments: the event type, the column that names the object, and the event's field for it.
CREATE FUNCTION "doppel_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN EXECUTE format(
    'SELECT DISTINCT user_id, %I::text AS subject FROM %I WHERE %I IS NOT NULL',
    TG_ARGV[1], CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END, TG_ARGV[1]
  ) LOOP
    PERFORM doppel_notify_change(changed.user_id, json_build_object('type', TG_ARGV[0], TG_ARGV[2], changed.subject));
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_insert_change" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('task.created', 'id', 'taskId');
--> statement-breakpoint
CREATE TRIGGER "tasks_update_change" AFTER UPDATE ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('task.updated', 'id', 'taskId');
--> statement-breakpoint
CREATE TRIGGER "tasks_delete_change" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('task.deleted', 'id', 'taskId');
--> statement-breakpoint
CREATE TRIGGER "contacts_insert_change" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('contact.changed', 'id', 'contactId');
--> statement-breakpoint
CREATE TRIGGER "contacts_update_change" AFTER UPDATE ON "contacts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('contact.changed', 'id', 'contactId');
--> statement-breakpoint
CREATE TRIGGER "contacts_delete_change" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('contact.changed', 'id', 'contactId');
--> statement-breakpoint
CREATE TRIGGER "documents_insert_change" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('document.changed', 'id', 'documentId');
--> statement-breakpoint
CREATE TRIGGER "documents_update_change" AFTER UPDATE ON "documents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('document.changed', 'id', 'documentId');
--> statement-breakpoint
CREATE TRIGGER "documents_delete_change" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('document.changed', 'id', 'documentId');
--> statement-breakpoint
CREATE TRIGGER "messenger_connections_insert_change" AFTER INSERT ON "messenger_connections" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('messenger.changed', 'id', 'connectionId');
--> statement-breakpoint
CREATE TRIGGER "messenger_connections_update_change" AFTER UPDATE ON "messenger_connections" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('messenger.changed', 'id', 'connectionId');
--> statement-breakpoint
CREATE TRIGGER "messenger_connections_delete_change" AFTER DELETE ON "messenger_connections" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('messenger.changed', 'id', 'connectionId');
--> statement-breakpoint
CREATE TRIGGER "campaigns_insert_change" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "campaigns_update_change" AFTER UPDATE ON "campaigns" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "campaigns_delete_change" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "campaign_leads_insert_change" AFTER INSERT ON "campaign_leads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'campaign_id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "campaign_leads_update_change" AFTER UPDATE ON "campaign_leads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'campaign_id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "campaign_leads_delete_change" AFTER DELETE ON "campaign_leads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'campaign_id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "token_usage_campaign_change" AFTER INSERT ON "token_usage" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('campaign.updated', 'campaign_id', 'campaignId');
--> statement-breakpoint
CREATE TRIGGER "signal_sources_insert_change" AFTER INSERT ON "signal_sources" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('signal.changed', 'id', 'sourceId');
--> statement-breakpoint
CREATE TRIGGER "signal_sources_update_change" AFTER UPDATE ON "signal_sources" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('signal.changed', 'id', 'sourceId');
--> statement-breakpoint
CREATE TRIGGER "signal_sources_delete_change" AFTER DELETE ON "signal_sources" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('signal.changed', 'id', 'sourceId');
--> statement-breakpoint
CREATE TRIGGER "signal_items_insert_change" AFTER INSERT ON "signal_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_rows_changed('signal.changed', 'source_id', 'sourceId');
--> statement-breakpoint
CREATE FUNCTION "doppel_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change(OLD.user_id, json_build_object('type', 'session.changed'));
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM doppel_notify_change(NEW.user_id, json_build_object('type', 'session.changed'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Revoked, deleted (also by cascade from the user), or cut short. Rotation only extends
-- expires_at, which a cache may safely learn late.
CREATE TRIGGER "sessions_update_change" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR NEW.expires_at < OLD.expires_at OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION doppel_session_changed();
--> statement-breakpoint
CREATE TRIGGER "sessions_delete_change" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION doppel_session_changed();
--> statement-breakpoint
-- A session's check also reads the user's demo flag and the demo sandbox's end.
CREATE FUNCTION "doppel_user_demo_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change(NEW.id, json_build_object('type', 'session.changed'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_demo_change" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo OR OLD.demo_expires_at IS DISTINCT FROM NEW.demo_expires_at)
  EXECUTE FUNCTION doppel_user_demo_changed();
