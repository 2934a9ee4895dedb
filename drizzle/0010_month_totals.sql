-- The dashboard's 12-month chart summed a year of per-day rows on every visit (about 3,200 rows of
-- invoice_day_totals on the large data set: 4 ms of PostgreSQL per /bo); per month it sums about a
-- hundred. Same sums as drizzle/0008_dashboard_totals.sql, by month (the month's first day):
-- * invoice_month_totals: per month of issue, currency, kind and status: count, total, balance.
-- * payment_month_totals: per month of payment and invoice currency: count, amount.
-- Each has its own row trigger (so a bulk load can turn it off and refill the table in one
-- statement, scripts/seed-large/seed-large.ts) and touches its rows in key order, as 0008's do.
-- Triggers fire in name order (invoices_dashboard_totals, invoices_month_totals, invoices_totals),
-- so every transaction locks the summary tables in the same order too.
CREATE TABLE IF NOT EXISTS invoice_month_totals (
  month date NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  total bigint NOT NULL DEFAULT 0,
  balance bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (month, currency, kind, status)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS payment_month_totals (
  month date NOT NULL,
  currency text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (month, currency)
);
--> statement-breakpoint
-- date_trunc on a timestamp without zone: the month of a calendar day, whatever the session's zone.
CREATE OR REPLACE FUNCTION bureau_month_of(p_day date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', p_day::timestamp)::date
$$;
--> statement-breakpoint
INSERT INTO invoice_month_totals (month, currency, kind, status, count, total, balance)
SELECT bureau_month_of(issue_date), currency, kind, status, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0) FROM invoices
GROUP BY bureau_month_of(issue_date), currency, kind, status
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO payment_month_totals (month, currency, count, amount)
SELECT bureau_month_of(p.date), i.currency, count(*), coalesce(sum(p.amount), 0) FROM payments p JOIN invoices i ON i.id = p.invoice_id
GROUP BY bureau_month_of(p.date), i.currency
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_invoice_month(p_month date, p_currency text, p_kind text, p_status text, p_count bigint, p_total bigint, p_balance bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_month_totals AS t (month, currency, kind, status, count, total, balance) VALUES (p_month, p_currency, p_kind, p_status, p_count, p_total, p_balance)
    ON CONFLICT (month, currency, kind, status) DO UPDATE SET count = t.count + EXCLUDED.count, total = t.total + EXCLUDED.total, balance = t.balance + EXCLUDED.balance;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_invoice_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_month date;
  new_month date;
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_month := bureau_month_of(OLD.issue_date);
    old_key := old_month::text || '|' || OLD.currency || '|' || OLD.kind || '|' || OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_month := bureau_month_of(NEW.issue_date);
    new_key := new_month::text || '|' || NEW.currency || '|' || NEW.kind || '|' || NEW.status;
  END IF;
  IF TG_OP = 'UPDATE' AND old_key = new_key AND OLD.total = NEW.total AND OLD.balance = NEW.balance THEN
    RETURN NULL;
  END IF;
  -- One row when the key is unchanged, else both rows in key order.
  IF old_key IS NOT NULL AND new_key IS NOT NULL AND old_key = new_key THEN
    PERFORM bureau_bump_invoice_month(new_month, NEW.currency, NEW.kind, NEW.status, 0, NEW.total - OLD.total, NEW.balance - OLD.balance);
  ELSIF new_key IS NULL OR (old_key IS NOT NULL AND old_key < new_key) THEN
    PERFORM bureau_bump_invoice_month(old_month, OLD.currency, OLD.kind, OLD.status, -1, -OLD.total, -OLD.balance);
    IF new_key IS NOT NULL THEN PERFORM bureau_bump_invoice_month(new_month, NEW.currency, NEW.kind, NEW.status, 1, NEW.total, NEW.balance); END IF;
  ELSE
    PERFORM bureau_bump_invoice_month(new_month, NEW.currency, NEW.kind, NEW.status, 1, NEW.total, NEW.balance);
    IF old_key IS NOT NULL THEN PERFORM bureau_bump_invoice_month(old_month, OLD.currency, OLD.kind, OLD.status, -1, -OLD.total, -OLD.balance); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_month_totals AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION bureau_invoice_month_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_payment_month(p_month date, p_currency text, p_count bigint, p_amount bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_month_totals AS t (month, currency, count, amount) VALUES (p_month, p_currency, p_count, p_amount)
    ON CONFLICT (month, currency) DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_payment_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_currency text;
  new_currency text;
BEGIN
  IF TG_OP = 'UPDATE' AND bureau_month_of(OLD.date) = bureau_month_of(NEW.date) AND OLD.amount = NEW.amount AND OLD.invoice_id = NEW.invoice_id THEN
    RETURN NULL;
  END IF;
  -- An invoice's currency is frozen once it is issued, and only issued invoices take payments.
  IF TG_OP <> 'INSERT' THEN SELECT currency INTO old_currency FROM invoices WHERE id = OLD.invoice_id; END IF;
  IF TG_OP <> 'DELETE' THEN SELECT currency INTO new_currency FROM invoices WHERE id = NEW.invoice_id; END IF;
  IF TG_OP = 'UPDATE' AND (bureau_month_of(NEW.date)::text || new_currency) < (bureau_month_of(OLD.date)::text || old_currency) THEN
    PERFORM bureau_bump_payment_month(bureau_month_of(NEW.date), new_currency, 1, NEW.amount);
    PERFORM bureau_bump_payment_month(bureau_month_of(OLD.date), old_currency, -1, -OLD.amount);
    RETURN NULL;
  END IF;
  IF old_currency IS NOT NULL THEN PERFORM bureau_bump_payment_month(bureau_month_of(OLD.date), old_currency, -1, -OLD.amount); END IF;
  IF new_currency IS NOT NULL THEN PERFORM bureau_bump_payment_month(bureau_month_of(NEW.date), new_currency, 1, NEW.amount); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_month_totals AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION bureau_payment_month_totals();
--> statement-breakpoint
-- TRUNCATE skips row triggers: the month summaries are emptied with their tables too.
CREATE OR REPLACE FUNCTION bureau_truncate_dashboard_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'invoices' THEN DELETE FROM invoice_day_totals; DELETE FROM invoice_open_balances; DELETE FROM invoice_month_totals;
    WHEN 'payments' THEN DELETE FROM payment_day_totals; DELETE FROM payment_month_totals;
    WHEN 'time_entries' THEN DELETE FROM unbilled_time_totals;
    ELSE NULL;
  END CASE;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Unbilled time per client was a join of the summary through every project (10,000 on the large
-- data set) on each /bo. A project never changes client, so the summary row keeps its client.
ALTER TABLE unbilled_time_totals ADD COLUMN IF NOT EXISTS client_id uuid;
--> statement-breakpoint
UPDATE unbilled_time_totals u SET client_id = p.client_id FROM projects p WHERE p.id = u.project_id AND u.client_id IS NULL;
--> statement-breakpoint
ALTER TABLE unbilled_time_totals ALTER COLUMN client_id SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_unbilled(p_project uuid, p_rate integer, p_entries bigint, p_minutes bigint, p_value bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unbilled_time_totals AS t (project_id, client_id, hourly_rate, entries, minutes, value)
    VALUES (p_project, (SELECT client_id FROM projects WHERE id = p_project), p_rate, p_entries, p_minutes, p_value)
    ON CONFLICT (project_id, hourly_rate) DO UPDATE SET entries = t.entries + EXCLUDED.entries, minutes = t.minutes + EXCLUDED.minutes, value = t.value + EXCLUDED.value;
END;
$$;
