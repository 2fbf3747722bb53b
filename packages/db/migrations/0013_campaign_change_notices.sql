-- Change notices for the cache of Growth's reads (docs/decisions/019): every write that can
-- change what a user's campaign list, a campaign, its leads or its analytics show — campaign
-- rows, lead rows, and the token usage a campaign's budget counts — sends 'campaigns.changed'
-- for the owner when its transaction commits, like the task notices of 0002_change_notices.
CREATE FUNCTION "doppel_campaigns_changed_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change('campaigns.changed', owner) FROM (SELECT DISTINCT user_id AS owner FROM new_rows) AS owners;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "doppel_campaigns_changed_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change('campaigns.changed', owner) FROM (SELECT DISTINCT user_id AS owner FROM old_rows) AS owners;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "doppel_campaign_usage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doppel_notify_change('campaigns.changed', owner)
    FROM (SELECT DISTINCT user_id AS owner FROM new_rows WHERE campaign_id IS NOT NULL) AS owners;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_insert_notice" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_campaigns_changed_new();
--> statement-breakpoint
CREATE TRIGGER "campaigns_update_notice" AFTER UPDATE ON "campaigns" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_campaigns_changed_new();
--> statement-breakpoint
CREATE TRIGGER "campaigns_delete_notice" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_campaigns_changed_old();
--> statement-breakpoint
CREATE TRIGGER "campaign_leads_insert_notice" AFTER INSERT ON "campaign_leads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_campaigns_changed_new();
--> statement-breakpoint
CREATE TRIGGER "campaign_leads_update_notice" AFTER UPDATE ON "campaign_leads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_campaigns_changed_new();
--> statement-breakpoint
CREATE TRIGGER "campaign_leads_delete_notice" AFTER DELETE ON "campaign_leads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_campaigns_changed_old();
--> statement-breakpoint
CREATE TRIGGER "token_usage_campaign_notice" AFTER INSERT ON "token_usage" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION doppel_campaign_usage_changed();
