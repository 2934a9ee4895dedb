-- The call log's History counted every held call on each page view (86,000 on the large data set:
-- 9 ms of PostgreSQL per request) to say "1–50 of 86,491". Per status and assignee, kept by a row
-- trigger in the same transaction as each change, the unfiltered views (and "Mine", or one
-- person's) add up a handful of rows instead. Any other filter still counts the calls themselves.
CREATE TABLE IF NOT EXISTS call_counts (
  status text NOT NULL,
  assigned_user_id uuid,
  count bigint NOT NULL DEFAULT 0,
  CONSTRAINT call_counts_key UNIQUE NULLS NOT DISTINCT (status, assigned_user_id)
);
--> statement-breakpoint
INSERT INTO call_counts (status, assigned_user_id, count)
SELECT status, assigned_user_id, count(*) FROM calls GROUP BY status, assigned_user_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_call_count(p_status text, p_user uuid, p_count bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_counts AS t (status, assigned_user_id, count) VALUES (p_status, p_user, p_count)
    ON CONFLICT (status, assigned_user_id) DO UPDATE SET count = t.count + EXCLUDED.count;
END;
$$;
--> statement-breakpoint
-- Rows touched in key order (old and new key sorted), so two transactions cannot deadlock.
CREATE OR REPLACE FUNCTION bureau_call_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_key := OLD.status || '|' || coalesce(OLD.assigned_user_id::text, ''); END IF;
  IF TG_OP <> 'DELETE' THEN new_key := NEW.status || '|' || coalesce(NEW.assigned_user_id::text, ''); END IF;
  IF old_key = new_key THEN RETURN NULL; END IF;
  IF new_key IS NULL OR (old_key IS NOT NULL AND old_key < new_key) THEN
    PERFORM bureau_bump_call_count(OLD.status, OLD.assigned_user_id, -1);
    IF new_key IS NOT NULL THEN PERFORM bureau_bump_call_count(NEW.status, NEW.assigned_user_id, 1); END IF;
  ELSE
    PERFORM bureau_bump_call_count(NEW.status, NEW.assigned_user_id, 1);
    IF old_key IS NOT NULL THEN PERFORM bureau_bump_call_count(OLD.status, OLD.assigned_user_id, -1); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calls_counts AFTER INSERT OR UPDATE OR DELETE ON calls FOR EACH ROW EXECUTE FUNCTION bureau_call_counts();
--> statement-breakpoint
-- TRUNCATE skips row triggers: the counts are emptied with the calls.
CREATE OR REPLACE FUNCTION bureau_truncate_dashboard_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'invoices' THEN DELETE FROM invoice_day_totals; DELETE FROM invoice_open_balances; DELETE FROM invoice_month_totals;
    WHEN 'payments' THEN DELETE FROM payment_day_totals; DELETE FROM payment_month_totals;
    WHEN 'time_entries' THEN DELETE FROM unbilled_time_totals;
    WHEN 'calls' THEN DELETE FROM call_counts;
    ELSE NULL;
  END CASE;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calls_counts_truncate AFTER TRUNCATE ON calls FOR EACH STATEMENT EXECUTE FUNCTION bureau_truncate_dashboard_totals();
