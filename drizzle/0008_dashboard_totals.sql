-- Custom SQL migration file, put your code below! --
-- The dashboard's money and unbilled-time figures at 100,000 invoices and 400,000 time entries
-- (issue 9, docs/decisions/011-dashboard-figures.md). Aggregating the matching rows on every
-- view cost 40–220 ms each on the benchmark data; these summary tables, kept by triggers in the
-- same transaction as every change (like invoice_totals, 0007), answer in a few rows. None is in
-- the Drizzle schema: only the triggers write them. An integration test checks on both databases
-- that each figure equals the one the list computes from the rows themselves.
--
-- * invoice_day_totals: per issue date, currency, kind and stored status: count, total, balance.
--   Answers "invoiced in a period" (and the invoice list's totals for a date range).
-- * invoice_open_balances: per due date and currency, invoices (not credit notes) issued or
--   partially paid: count, total, balance. Answers receivables and "overdue" (due before today).
-- * payment_day_totals: per payment date and invoice currency: count, amount ("paid in a period").
-- * unbilled_time_totals: approved, billable time entries on no invoice line, per project and
--   frozen rate: entries, minutes and value. Each entry's value is rounded on its own, half up, as
--   entryValueMinor (src/modules/timesheets/timesheet-rules.ts) does: (minutes × rate + 30) div 60
--   for these non-negative integers; the integration test compares both.
--
-- Each trigger touches summary rows in key order (the old key and the new key sorted), so two
-- transactions moving rows between the same keys in opposite directions cannot deadlock.
CREATE TABLE IF NOT EXISTS invoice_day_totals (
  issue_date date NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  total bigint NOT NULL DEFAULT 0,
  balance bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (issue_date, currency, kind, status)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS invoice_open_balances (
  due_date date NOT NULL,
  currency text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  total bigint NOT NULL DEFAULT 0,
  balance bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (due_date, currency)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS payment_day_totals (
  date date NOT NULL,
  currency text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (date, currency)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS unbilled_time_totals (
  project_id uuid NOT NULL,
  hourly_rate integer,
  entries bigint NOT NULL DEFAULT 0,
  minutes bigint NOT NULL DEFAULT 0,
  value bigint NOT NULL DEFAULT 0,
  CONSTRAINT unbilled_time_totals_key UNIQUE NULLS NOT DISTINCT (project_id, hourly_rate)
);
--> statement-breakpoint
-- Invoices with a payment in a period (the invoice list's "paid between" filter).
CREATE INDEX IF NOT EXISTS payments_date_idx ON payments (date, invoice_id) INCLUDE (amount);
--> statement-breakpoint
INSERT INTO invoice_day_totals (issue_date, currency, kind, status, count, total, balance)
SELECT issue_date, currency, kind, status, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0) FROM invoices GROUP BY issue_date, currency, kind, status
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO invoice_open_balances (due_date, currency, count, total, balance)
SELECT due_date, currency, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0) FROM invoices
WHERE kind = 'invoice' AND status IN ('issued', 'partially_paid') GROUP BY due_date, currency
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO payment_day_totals (date, currency, count, amount)
SELECT p.date, i.currency, count(*), coalesce(sum(p.amount), 0) FROM payments p JOIN invoices i ON i.id = p.invoice_id GROUP BY p.date, i.currency
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_entry_value(p_minutes bigint, p_rate bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_rate IS NULL THEN 0 ELSE (p_minutes * p_rate + 30) / 60 END
$$;
--> statement-breakpoint
INSERT INTO unbilled_time_totals (project_id, hourly_rate, entries, minutes, value)
SELECT e.project_id, e.hourly_rate, count(*), sum(e.minutes), sum(bureau_entry_value(e.minutes, e.hourly_rate)) FROM time_entries e JOIN timesheets t ON t.id = e.timesheet_id
WHERE t.status = 'approved' AND e.billable AND e.invoice_line_id IS NULL GROUP BY e.project_id, e.hourly_rate
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_invoice_day(p_date date, p_currency text, p_kind text, p_status text, p_count bigint, p_total bigint, p_balance bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_day_totals AS t (issue_date, currency, kind, status, count, total, balance) VALUES (p_date, p_currency, p_kind, p_status, p_count, p_total, p_balance)
    ON CONFLICT (issue_date, currency, kind, status) DO UPDATE SET count = t.count + EXCLUDED.count, total = t.total + EXCLUDED.total, balance = t.balance + EXCLUDED.balance;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_open_balance(p_due date, p_currency text, p_count bigint, p_total bigint, p_balance bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_open_balances AS t (due_date, currency, count, total, balance) VALUES (p_due, p_currency, p_count, p_total, p_balance)
    ON CONFLICT (due_date, currency) DO UPDATE SET count = t.count + EXCLUDED.count, total = t.total + EXCLUDED.total, balance = t.balance + EXCLUDED.balance;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_invoice_dashboard_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
  old_open boolean := false;
  new_open boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.issue_date = NEW.issue_date AND OLD.due_date = NEW.due_date AND OLD.currency = NEW.currency AND OLD.kind = NEW.kind
     AND OLD.status = NEW.status AND OLD.total = NEW.total AND OLD.balance = NEW.balance THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_key := OLD.issue_date::text || '|' || OLD.currency || '|' || OLD.kind || '|' || OLD.status;
    old_open := OLD.kind = 'invoice' AND OLD.status IN ('issued', 'partially_paid');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := NEW.issue_date::text || '|' || NEW.currency || '|' || NEW.kind || '|' || NEW.status;
    new_open := NEW.kind = 'invoice' AND NEW.status IN ('issued', 'partially_paid');
  END IF;

  -- Per issue date: one row when the key is unchanged, else both rows in key order.
  IF old_key IS NOT NULL AND new_key IS NOT NULL AND old_key = new_key THEN
    PERFORM bureau_bump_invoice_day(NEW.issue_date, NEW.currency, NEW.kind, NEW.status, 0, NEW.total - OLD.total, NEW.balance - OLD.balance);
  ELSIF new_key IS NULL OR (old_key IS NOT NULL AND old_key < new_key) THEN
    PERFORM bureau_bump_invoice_day(OLD.issue_date, OLD.currency, OLD.kind, OLD.status, -1, -OLD.total, -OLD.balance);
    IF new_key IS NOT NULL THEN PERFORM bureau_bump_invoice_day(NEW.issue_date, NEW.currency, NEW.kind, NEW.status, 1, NEW.total, NEW.balance); END IF;
  ELSE
    PERFORM bureau_bump_invoice_day(NEW.issue_date, NEW.currency, NEW.kind, NEW.status, 1, NEW.total, NEW.balance);
    IF old_key IS NOT NULL THEN PERFORM bureau_bump_invoice_day(OLD.issue_date, OLD.currency, OLD.kind, OLD.status, -1, -OLD.total, -OLD.balance); END IF;
  END IF;

  -- Open invoices per due date, the same way.
  IF old_open AND new_open AND OLD.due_date = NEW.due_date AND OLD.currency = NEW.currency THEN
    PERFORM bureau_bump_open_balance(NEW.due_date, NEW.currency, 0, NEW.total - OLD.total, NEW.balance - OLD.balance);
  ELSIF old_open AND (NOT new_open OR (OLD.due_date::text || OLD.currency) < (NEW.due_date::text || NEW.currency)) THEN
    PERFORM bureau_bump_open_balance(OLD.due_date, OLD.currency, -1, -OLD.total, -OLD.balance);
    IF new_open THEN PERFORM bureau_bump_open_balance(NEW.due_date, NEW.currency, 1, NEW.total, NEW.balance); END IF;
  ELSIF new_open THEN
    PERFORM bureau_bump_open_balance(NEW.due_date, NEW.currency, 1, NEW.total, NEW.balance);
    IF old_open THEN PERFORM bureau_bump_open_balance(OLD.due_date, OLD.currency, -1, -OLD.total, -OLD.balance); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_totals AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION bureau_invoice_dashboard_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_payment_day(p_date date, p_currency text, p_count bigint, p_amount bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_totals AS t (date, currency, count, amount) VALUES (p_date, p_currency, p_count, p_amount)
    ON CONFLICT (date, currency) DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_payment_dashboard_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_currency text;
  new_currency text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.date = NEW.date AND OLD.amount = NEW.amount AND OLD.invoice_id = NEW.invoice_id THEN
    RETURN NULL;
  END IF;
  -- An invoice's currency is frozen once it is issued, and only issued invoices take payments.
  IF TG_OP <> 'INSERT' THEN SELECT currency INTO old_currency FROM invoices WHERE id = OLD.invoice_id; END IF;
  IF TG_OP <> 'DELETE' THEN SELECT currency INTO new_currency FROM invoices WHERE id = NEW.invoice_id; END IF;
  IF TG_OP = 'UPDATE' AND (NEW.date::text || new_currency) < (OLD.date::text || old_currency) THEN
    PERFORM bureau_bump_payment_day(NEW.date, new_currency, 1, NEW.amount);
    PERFORM bureau_bump_payment_day(OLD.date, old_currency, -1, -OLD.amount);
    RETURN NULL;
  END IF;
  IF old_currency IS NOT NULL THEN PERFORM bureau_bump_payment_day(OLD.date, old_currency, -1, -OLD.amount); END IF;
  IF new_currency IS NOT NULL THEN PERFORM bureau_bump_payment_day(NEW.date, new_currency, 1, NEW.amount); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_dashboard_totals AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION bureau_payment_dashboard_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_unbilled(p_project uuid, p_rate integer, p_entries bigint, p_minutes bigint, p_value bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unbilled_time_totals AS t (project_id, hourly_rate, entries, minutes, value) VALUES (p_project, p_rate, p_entries, p_minutes, p_value)
    ON CONFLICT (project_id, hourly_rate) DO UPDATE SET entries = t.entries + EXCLUDED.entries, minutes = t.minutes + EXCLUDED.minutes, value = t.value + EXCLUDED.value;
END;
$$;
--> statement-breakpoint
-- An entry counts while it is billable, on no invoice line, and its timesheet is approved. Its
-- timesheet's status is read as it is now: a change of status moves all its entries at once
-- (bureau_timesheet_unbilled below), so the two triggers never count an entry twice.
CREATE OR REPLACE FUNCTION bureau_time_entry_unbilled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := false;
  new_counts boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.billable AND OLD.invoice_line_id IS NULL THEN
    old_counts := EXISTS (SELECT 1 FROM timesheets WHERE id = OLD.timesheet_id AND status = 'approved');
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.billable AND NEW.invoice_line_id IS NULL THEN
    new_counts := EXISTS (SELECT 1 FROM timesheets WHERE id = NEW.timesheet_id AND status = 'approved');
  END IF;
  IF old_counts AND new_counts AND OLD.project_id = NEW.project_id AND OLD.hourly_rate IS NOT DISTINCT FROM NEW.hourly_rate THEN
    IF OLD.minutes <> NEW.minutes THEN
      PERFORM bureau_bump_unbilled(NEW.project_id, NEW.hourly_rate, 0, NEW.minutes - OLD.minutes, bureau_entry_value(NEW.minutes, NEW.hourly_rate) - bureau_entry_value(OLD.minutes, OLD.hourly_rate));
    END IF;
    RETURN NULL;
  END IF;
  IF old_counts AND new_counts AND (NEW.project_id::text || '|' || coalesce(NEW.hourly_rate::text, '')) < (OLD.project_id::text || '|' || coalesce(OLD.hourly_rate::text, '')) THEN
    PERFORM bureau_bump_unbilled(NEW.project_id, NEW.hourly_rate, 1, NEW.minutes, bureau_entry_value(NEW.minutes, NEW.hourly_rate));
    PERFORM bureau_bump_unbilled(OLD.project_id, OLD.hourly_rate, -1, -OLD.minutes, -bureau_entry_value(OLD.minutes, OLD.hourly_rate));
    RETURN NULL;
  END IF;
  IF old_counts THEN PERFORM bureau_bump_unbilled(OLD.project_id, OLD.hourly_rate, -1, -OLD.minutes, -bureau_entry_value(OLD.minutes, OLD.hourly_rate)); END IF;
  IF new_counts THEN PERFORM bureau_bump_unbilled(NEW.project_id, NEW.hourly_rate, 1, NEW.minutes, bureau_entry_value(NEW.minutes, NEW.hourly_rate)); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_unbilled AFTER INSERT OR UPDATE OR DELETE ON time_entries FOR EACH ROW EXECUTE FUNCTION bureau_time_entry_unbilled();
--> statement-breakpoint
-- A timesheet that becomes approved adds its unbilled entries; one that stops being approved (or
-- is deleted while approved) removes them. BEFORE DELETE: the entries still exist then, and the
-- cascade that deletes them afterwards no longer finds an approved timesheet, so it counts nothing.
CREATE OR REPLACE FUNCTION bureau_timesheet_unbilled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer;
  sheet uuid;
  item record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'approved' THEN RETURN OLD; END IF;
    sign := -1;
    sheet := OLD.id;
  ELSE
    IF (OLD.status = 'approved') = (NEW.status = 'approved') THEN RETURN NULL; END IF;
    sign := CASE WHEN NEW.status = 'approved' THEN 1 ELSE -1 END;
    sheet := NEW.id;
  END IF;
  FOR item IN
    SELECT project_id, hourly_rate, count(*) AS entries, sum(minutes) AS minutes, sum(bureau_entry_value(minutes, hourly_rate))::bigint AS value FROM time_entries
    WHERE timesheet_id = sheet AND billable AND invoice_line_id IS NULL
    GROUP BY project_id, hourly_rate
    ORDER BY project_id::text || '|' || coalesce(hourly_rate::text, '')
  LOOP
    PERFORM bureau_bump_unbilled(item.project_id, item.hourly_rate, sign * item.entries, sign * item.minutes, sign * item.value);
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheets_unbilled_update AFTER UPDATE OF status ON timesheets FOR EACH ROW EXECUTE FUNCTION bureau_timesheet_unbilled();
--> statement-breakpoint
CREATE TRIGGER timesheets_unbilled_delete BEFORE DELETE ON timesheets FOR EACH ROW EXECUTE FUNCTION bureau_timesheet_unbilled();
--> statement-breakpoint
-- TRUNCATE skips row triggers: empty the summaries with their tables.
CREATE OR REPLACE FUNCTION bureau_truncate_dashboard_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'invoices' THEN DELETE FROM invoice_day_totals; DELETE FROM invoice_open_balances;
    WHEN 'payments' THEN DELETE FROM payment_day_totals;
    WHEN 'time_entries' THEN DELETE FROM unbilled_time_totals;
    ELSE NULL;
  END CASE;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_truncate AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION bureau_truncate_dashboard_totals();
--> statement-breakpoint
CREATE TRIGGER payments_dashboard_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION bureau_truncate_dashboard_totals();
--> statement-breakpoint
CREATE TRIGGER time_entries_dashboard_truncate AFTER TRUNCATE ON time_entries FOR EACH STATEMENT EXECUTE FUNCTION bureau_truncate_dashboard_totals();
