-- The reports on a year of the firm (issue 24, Speed; decision 063): the time report, utilisation,
-- profitability, the money report by month and the sales journal's totals read summaries kept by
-- triggers. The time reports aggregated every entry of the period on each view (140,000 rows for a
-- year of the large data set: 0.8 s of PostgreSQL under load); the time export's keyset batches
-- read the whole table each (no index on the entry date), so a year's export timed out.
--
-- * time_entries_date_idx: the entries of a date range (the days of a period outside whole months,
--   the entry list, the export's batches by (date, id)).
-- * time_month_totals: per month of the entry's date, project, person, timesheet status, billable,
--   invoiced (on an invoice line or not), frozen rate and minutes modulo 60: entries, minutes and
--   value at the frozen rate (bureau_entry_value, each entry rounded on its own). The residue lets
--   a report price unapproved time at the rate it would freeze to, still rounding per entry:
--   for m = 60q + s, (m·r + 30) div 60 = q·r + (s·r + 30) div 60, so the value of a group is
--   r·(minutes − entries·s)/60 + entries·((s·r + 30) div 60).
--   A report reads whole months here and the days at a period's ends from the entries themselves.
--
-- The triggers follow 0008's pattern: an entry is counted under its timesheet's status as it is
-- now; a change of status moves all its entries at once; a timesheet deleted subtracts its
-- entries BEFORE the cascade (which then finds no timesheet and counts nothing); rows are touched
-- in key order so two transactions cannot deadlock; TRUNCATE empties the summary.
CREATE INDEX IF NOT EXISTS time_entries_date_idx ON time_entries (date, id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS time_month_totals (
  month date NOT NULL,
  project_id uuid NOT NULL,
  user_id uuid NOT NULL,
  status text NOT NULL,
  billable boolean NOT NULL,
  invoiced boolean NOT NULL,
  hourly_rate integer,
  residue integer NOT NULL,
  entries bigint NOT NULL DEFAULT 0,
  minutes bigint NOT NULL DEFAULT 0,
  value bigint NOT NULL DEFAULT 0,
  CONSTRAINT time_month_totals_key UNIQUE NULLS NOT DISTINCT (month, project_id, user_id, status, billable, invoiced, hourly_rate, residue)
);
--> statement-breakpoint
INSERT INTO time_month_totals (month, project_id, user_id, status, billable, invoiced, hourly_rate, residue, entries, minutes, value)
SELECT bureau_month_of(e.date), e.project_id, e.user_id, t.status, e.billable, e.invoice_line_id IS NOT NULL, e.hourly_rate, e.minutes % 60,
  count(*), sum(e.minutes), sum(bureau_entry_value(e.minutes, e.hourly_rate))
FROM time_entries e JOIN timesheets t ON t.id = e.timesheet_id
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The value of a group of entries sharing a residue, at one rate, each entry rounded on its own.
CREATE OR REPLACE FUNCTION bureau_group_value(p_entries bigint, p_minutes bigint, p_residue integer, p_rate bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_rate IS NULL THEN 0 ELSE p_rate * ((p_minutes - p_entries * p_residue) / 60) + p_entries * ((p_residue * p_rate + 30) / 60) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_time_month(p_month date, p_project uuid, p_user uuid, p_status text, p_billable boolean, p_invoiced boolean, p_rate integer, p_residue integer, p_entries bigint, p_minutes bigint, p_value bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO time_month_totals AS t (month, project_id, user_id, status, billable, invoiced, hourly_rate, residue, entries, minutes, value)
    VALUES (p_month, p_project, p_user, p_status, p_billable, p_invoiced, p_rate, p_residue, p_entries, p_minutes, p_value)
    ON CONFLICT ON CONSTRAINT time_month_totals_key DO UPDATE SET entries = t.entries + EXCLUDED.entries, minutes = t.minutes + EXCLUDED.minutes, value = t.value + EXCLUDED.value;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_time_month_key(p_month date, p_project uuid, p_user uuid, p_status text, p_billable boolean, p_invoiced boolean, p_rate integer, p_residue integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT p_month::text || '|' || p_project::text || '|' || p_user::text || '|' || p_status || '|' || p_billable::text || '|' || p_invoiced::text || '|' || coalesce(p_rate::text, '') || '|' || p_residue::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_time_entry_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_status text;
  new_status text;
  old_key text;
  new_key text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.date = NEW.date AND OLD.project_id = NEW.project_id AND OLD.user_id = NEW.user_id AND OLD.timesheet_id = NEW.timesheet_id
     AND OLD.billable = NEW.billable AND OLD.minutes = NEW.minutes AND OLD.hourly_rate IS NOT DISTINCT FROM NEW.hourly_rate
     AND (OLD.invoice_line_id IS NULL) = (NEW.invoice_line_id IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT status INTO old_status FROM timesheets WHERE id = OLD.timesheet_id;
    IF old_status IS NOT NULL THEN
      old_key := bureau_time_month_key(bureau_month_of(OLD.date), OLD.project_id, OLD.user_id, old_status, OLD.billable, OLD.invoice_line_id IS NOT NULL, OLD.hourly_rate, OLD.minutes % 60);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT status INTO new_status FROM timesheets WHERE id = NEW.timesheet_id;
    IF new_status IS NOT NULL THEN
      new_key := bureau_time_month_key(bureau_month_of(NEW.date), NEW.project_id, NEW.user_id, new_status, NEW.billable, NEW.invoice_line_id IS NOT NULL, NEW.hourly_rate, NEW.minutes % 60);
    END IF;
  END IF;
  IF old_key IS NOT NULL AND new_key IS NOT NULL AND old_key = new_key THEN
    PERFORM bureau_bump_time_month(bureau_month_of(NEW.date), NEW.project_id, NEW.user_id, new_status, NEW.billable, NEW.invoice_line_id IS NOT NULL, NEW.hourly_rate, NEW.minutes % 60,
      0, NEW.minutes - OLD.minutes, bureau_entry_value(NEW.minutes, NEW.hourly_rate) - bureau_entry_value(OLD.minutes, OLD.hourly_rate));
  ELSIF new_key IS NULL OR (old_key IS NOT NULL AND old_key < new_key) THEN
    IF old_key IS NOT NULL THEN
      PERFORM bureau_bump_time_month(bureau_month_of(OLD.date), OLD.project_id, OLD.user_id, old_status, OLD.billable, OLD.invoice_line_id IS NOT NULL, OLD.hourly_rate, OLD.minutes % 60,
        -1, -OLD.minutes, -bureau_entry_value(OLD.minutes, OLD.hourly_rate));
    END IF;
    IF new_key IS NOT NULL THEN
      PERFORM bureau_bump_time_month(bureau_month_of(NEW.date), NEW.project_id, NEW.user_id, new_status, NEW.billable, NEW.invoice_line_id IS NOT NULL, NEW.hourly_rate, NEW.minutes % 60,
        1, NEW.minutes, bureau_entry_value(NEW.minutes, NEW.hourly_rate));
    END IF;
  ELSE
    PERFORM bureau_bump_time_month(bureau_month_of(NEW.date), NEW.project_id, NEW.user_id, new_status, NEW.billable, NEW.invoice_line_id IS NOT NULL, NEW.hourly_rate, NEW.minutes % 60,
      1, NEW.minutes, bureau_entry_value(NEW.minutes, NEW.hourly_rate));
    IF old_key IS NOT NULL THEN
      PERFORM bureau_bump_time_month(bureau_month_of(OLD.date), OLD.project_id, OLD.user_id, old_status, OLD.billable, OLD.invoice_line_id IS NOT NULL, OLD.hourly_rate, OLD.minutes % 60,
        -1, -OLD.minutes, -bureau_entry_value(OLD.minutes, OLD.hourly_rate));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_month_totals AFTER INSERT OR UPDATE OR DELETE ON time_entries FOR EACH ROW EXECUTE FUNCTION bureau_time_entry_month_totals();
--> statement-breakpoint
-- A timesheet whose status changes moves its entries from the old status to the new one; one
-- deleted removes them (BEFORE DELETE, while they still exist).
CREATE OR REPLACE FUNCTION bureau_timesheet_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sheet uuid := OLD.id;
  new_status text;
  item record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status = NEW.status THEN RETURN NULL; END IF;
    new_status := NEW.status;
  END IF;
  FOR item IN
    SELECT g.* FROM (
      SELECT bureau_month_of(e.date) AS month, e.project_id, e.user_id, s.status, e.billable, e.invoice_line_id IS NOT NULL AS invoiced, e.hourly_rate, e.minutes % 60 AS residue,
        s.sign * count(*) AS entries, s.sign * sum(e.minutes) AS minutes, s.sign * sum(bureau_entry_value(e.minutes, e.hourly_rate)) AS value
      FROM time_entries e
      CROSS JOIN (
        SELECT OLD.status AS status, -1 AS sign
        UNION ALL SELECT new_status, 1 WHERE new_status IS NOT NULL
      ) s
      WHERE e.timesheet_id = sheet
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, s.sign
    ) g
    ORDER BY bureau_time_month_key(g.month, g.project_id, g.user_id, g.status, g.billable, g.invoiced, g.hourly_rate, g.residue)
  LOOP
    PERFORM bureau_bump_time_month(item.month, item.project_id, item.user_id, item.status, item.billable, item.invoiced, item.hourly_rate, item.residue,
      item.entries, item.minutes, item.value::bigint);
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheets_month_totals_update AFTER UPDATE OF status ON timesheets FOR EACH ROW EXECUTE FUNCTION bureau_timesheet_month_totals();
--> statement-breakpoint
CREATE TRIGGER timesheets_month_totals_delete BEFORE DELETE ON timesheets FOR EACH ROW EXECUTE FUNCTION bureau_timesheet_month_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_truncate_time_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM time_month_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_month_totals_truncate AFTER TRUNCATE ON time_entries FOR EACH STATEMENT EXECUTE FUNCTION bureau_truncate_time_month_totals();
--> statement-breakpoint
-- The money report by month summed a year of invoices (34,000 rows) for net and VAT: the per-day
-- invoice totals (0008) now keep the net and the VAT too, by the same trigger.
ALTER TABLE invoice_day_totals ADD COLUMN IF NOT EXISTS net bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE invoice_day_totals ADD COLUMN IF NOT EXISTS tax bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE invoice_day_totals d SET net = s.net, tax = s.tax
FROM (SELECT issue_date, currency, kind, status, coalesce(sum(net_total), 0) AS net, coalesce(sum(tax_total), 0) AS tax FROM invoices GROUP BY 1, 2, 3, 4) s
WHERE d.issue_date = s.issue_date AND d.currency = s.currency AND d.kind = s.kind AND d.status = s.status;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_invoice_day(p_date date, p_currency text, p_kind text, p_status text, p_count bigint, p_total bigint, p_balance bigint, p_net bigint, p_tax bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_day_totals AS t (issue_date, currency, kind, status, count, total, balance, net, tax) VALUES (p_date, p_currency, p_kind, p_status, p_count, p_total, p_balance, p_net, p_tax)
    ON CONFLICT (issue_date, currency, kind, status) DO UPDATE SET count = t.count + EXCLUDED.count, total = t.total + EXCLUDED.total, balance = t.balance + EXCLUDED.balance,
      net = t.net + EXCLUDED.net, tax = t.tax + EXCLUDED.tax;
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
     AND OLD.status = NEW.status AND OLD.total = NEW.total AND OLD.balance = NEW.balance AND OLD.net_total = NEW.net_total AND OLD.tax_total = NEW.tax_total THEN
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
    PERFORM bureau_bump_invoice_day(NEW.issue_date, NEW.currency, NEW.kind, NEW.status, 0, NEW.total - OLD.total, NEW.balance - OLD.balance, NEW.net_total - OLD.net_total, NEW.tax_total - OLD.tax_total);
  ELSIF new_key IS NULL OR (old_key IS NOT NULL AND old_key < new_key) THEN
    PERFORM bureau_bump_invoice_day(OLD.issue_date, OLD.currency, OLD.kind, OLD.status, -1, -OLD.total, -OLD.balance, -OLD.net_total, -OLD.tax_total);
    IF new_key IS NOT NULL THEN PERFORM bureau_bump_invoice_day(NEW.issue_date, NEW.currency, NEW.kind, NEW.status, 1, NEW.total, NEW.balance, NEW.net_total, NEW.tax_total); END IF;
  ELSE
    PERFORM bureau_bump_invoice_day(NEW.issue_date, NEW.currency, NEW.kind, NEW.status, 1, NEW.total, NEW.balance, NEW.net_total, NEW.tax_total);
    IF old_key IS NOT NULL THEN PERFORM bureau_bump_invoice_day(OLD.issue_date, OLD.currency, OLD.kind, OLD.status, -1, -OLD.total, -OLD.balance, -OLD.net_total, -OLD.tax_total); END IF;
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
DROP FUNCTION IF EXISTS bureau_bump_invoice_day(date, text, text, text, bigint, bigint, bigint);
--> statement-breakpoint
-- The sales journal's totals per currency and VAT rate summed every line of every issued
-- document's tax breakdown of the period on each view (2.5 s under load for a year).
-- sales_journal_day_totals: per issue date, currency and rate, the issued (not draft) documents:
-- how many carry the rate, their base (net) and VAT at it, from the breakdown frozen at issue; a
-- document with an empty breakdown counts at rate 0 with its net total, as the journal shows it.
CREATE TABLE IF NOT EXISTS sales_journal_day_totals (
  issue_date date NOT NULL,
  currency text NOT NULL,
  rate_bp integer NOT NULL,
  documents bigint NOT NULL DEFAULT 0,
  net bigint NOT NULL DEFAULT 0,
  tax bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (issue_date, currency, rate_bp)
);
--> statement-breakpoint
-- One document's rows of the journal, one per rate.
CREATE OR REPLACE FUNCTION bureau_journal_rates(p_breakdown jsonb, p_net bigint) RETURNS TABLE (rate_bp integer, net bigint, tax bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((t.line ->> 'rateBp')::integer, 0), sum(coalesce((t.line ->> 'base')::bigint, p_net))::bigint, sum(coalesce((t.line ->> 'tax')::bigint, 0))::bigint
  FROM (SELECT 1) AS one LEFT JOIN LATERAL jsonb_array_elements(p_breakdown) AS t(line) ON true
  GROUP BY 1
$$;
--> statement-breakpoint
INSERT INTO sales_journal_day_totals (issue_date, currency, rate_bp, documents, net, tax)
SELECT i.issue_date, i.currency, r.rate_bp, count(*), sum(r.net), sum(r.tax)
FROM invoices i CROSS JOIN LATERAL bureau_journal_rates(i.tax_breakdown, i.net_total) r
WHERE i.status <> 'draft'
GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_invoice_journal_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status = 'draft') = (NEW.status = 'draft') AND OLD.issue_date = NEW.issue_date AND OLD.currency = NEW.currency
     AND OLD.net_total = NEW.net_total AND OLD.tax_breakdown = NEW.tax_breakdown THEN
    RETURN NULL;
  END IF;
  FOR item IN
    SELECT c.issue_date, c.currency, c.rate_bp, sum(c.documents) AS documents, sum(c.net) AS net, sum(c.tax) AS tax FROM (
      SELECT OLD.issue_date AS issue_date, OLD.currency AS currency, r.rate_bp, -1 AS documents, -r.net AS net, -r.tax AS tax
      FROM bureau_journal_rates(OLD.tax_breakdown, OLD.net_total) r WHERE TG_OP <> 'INSERT' AND OLD.status <> 'draft'
      UNION ALL
      SELECT NEW.issue_date, NEW.currency, r.rate_bp, 1, r.net, r.tax
      FROM bureau_journal_rates(NEW.tax_breakdown, NEW.net_total) r WHERE TG_OP <> 'DELETE' AND NEW.status <> 'draft'
    ) c
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
  LOOP
    INSERT INTO sales_journal_day_totals AS t (issue_date, currency, rate_bp, documents, net, tax)
      VALUES (item.issue_date, item.currency, item.rate_bp, item.documents, item.net, item.tax)
      ON CONFLICT (issue_date, currency, rate_bp) DO UPDATE SET documents = t.documents + EXCLUDED.documents, net = t.net + EXCLUDED.net, tax = t.tax + EXCLUDED.tax;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_journal_totals AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION bureau_invoice_journal_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_truncate_journal_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_journal_day_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_journal_totals_truncate AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION bureau_truncate_journal_totals();
