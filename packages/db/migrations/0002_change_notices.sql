-- Change notices for the server's in-memory caches (docs/decisions/008-task-list-caching.md).
-- Every write that can change what a user's task list shows, or whether a session is still
-- valid, sends a NOTIFY when its transaction commits, whatever code made it (task commands,
-- contact edits, seeding, cascades, a direct UPDATE). The notices travel on the user-events
-- channel under the reserved key 'doppel:changes', which no user id can take, so they reach
-- the cache of every server process and never a browser's event stream.
CREATE FUNCTION "doppel_notify_change"("kind" text, "owner" uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify(
    'doppel_user_events',
    json_build_object('userId', 'doppel:changes', 'event', json_build_object('type', kind, 'userId', owner))::text
  );
$$;
--> statement-breakpoint
CREATE FUNCTION "doppel_tasks_changed_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change('tasks.changed', owner) FROM (SELECT DISTINCT user_id AS owner FROM new_rows) AS owners;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "doppel_tasks_changed_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change('tasks.changed', owner) FROM (SELECT DISTINCT user_id AS owner FROM old_rows) AS owners;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_insert_notice" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_tasks_changed_new();
--> statement-breakpoint
CREATE TRIGGER "tasks_update_notice" AFTER UPDATE ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_tasks_changed_new();
--> statement-breakpoint
CREATE TRIGGER "tasks_delete_notice" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_tasks_changed_old();
--> statement-breakpoint
-- A task list shows its contact's name, company, source and language. A deleted contact sets
-- the tasks' contact_id to null, which the tasks trigger above reports.
CREATE TRIGGER "contacts_update_notice" AFTER UPDATE ON "contacts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_tasks_changed_new();
--> statement-breakpoint
CREATE FUNCTION "doppel_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change('sessions.changed', OLD.user_id);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM doppel_notify_change('sessions.changed', NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Revoked, deleted (also by cascade from the user), or cut short. Rotation only extends
-- expires_at, which a cache may safely learn late.
CREATE TRIGGER "sessions_update_notice" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR NEW.expires_at < OLD.expires_at OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION doppel_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "sessions_delete_notice" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION doppel_sessions_changed();
--> statement-breakpoint
-- A session's check also reads the user's demo flag and the demo sandbox's end.
CREATE FUNCTION "doppel_user_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change('sessions.changed', NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_demo_notice" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo OR OLD.demo_expires_at IS DISTINCT FROM NEW.demo_expires_at)
  EXECUTE FUNCTION doppel_user_sessions_changed();
