-- Custom SQL migration file, put your code below! --
-- The invoice list at 100,000 invoices (bench/results/invoices.md):
-- * search by number, ILIKE '%…%': a trigram index where the server has pg_trgm (PostgreSQL's
--   contrib, a trusted extension); the embedded PGlite has none and scans (a small firm's
--   invoices). Client names are matched first in the small clients table, then by client_id.
-- * the totals per currency of the unfiltered list: an index-only scan of a narrow covering index
--   instead of a scan of the wide rows (snapshots are jsonb).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS invoices_number_trgm_idx ON invoices USING gin (number gin_trgm_ops);
  END IF;
END
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_currency_totals_idx ON invoices (currency) INCLUDE (total, balance, status, kind);
--> statement-breakpoint
-- Totals of the whole list per currency, kind and status, kept by a trigger in the same
-- transaction as every change to an invoice, so the unfiltered list (and a filter by kind or a
-- stored status) reads a handful of rows instead of aggregating every invoice. Filters that
-- depend on today (overdue), a client, dates or a search still aggregate the invoices themselves.
CREATE TABLE IF NOT EXISTS invoice_totals (
  currency text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  total bigint NOT NULL DEFAULT 0,
  balance bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (currency, kind, status)
);
--> statement-breakpoint
INSERT INTO invoice_totals (currency, kind, status, count, total, balance)
SELECT currency, kind, status, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0) FROM invoices GROUP BY currency, kind, status
ON CONFLICT (currency, kind, status) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_invoice_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.currency = NEW.currency AND OLD.kind = NEW.kind AND OLD.status = NEW.status AND OLD.total = NEW.total AND OLD.balance = NEW.balance THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_key := OLD.currency || '|' || OLD.kind || '|' || OLD.status; END IF;
  IF TG_OP <> 'DELETE' THEN new_key := NEW.currency || '|' || NEW.kind || '|' || NEW.status; END IF;
  -- Rows are always touched in key order, so two transactions moving invoices between the same
  -- two states in opposite directions cannot deadlock.
  IF TG_OP <> 'INSERT' AND (new_key IS NULL OR old_key <= new_key) THEN
    UPDATE invoice_totals SET count = count - 1, total = total - OLD.total, balance = balance - OLD.balance
      WHERE currency = OLD.currency AND kind = OLD.kind AND status = OLD.status;
    old_key := NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO invoice_totals AS t (currency, kind, status, count, total, balance) VALUES (NEW.currency, NEW.kind, NEW.status, 1, NEW.total, NEW.balance)
      ON CONFLICT (currency, kind, status) DO UPDATE SET count = t.count + 1, total = t.total + EXCLUDED.total, balance = t.balance + EXCLUDED.balance;
  END IF;
  IF old_key IS NOT NULL THEN
    UPDATE invoice_totals SET count = count - 1, total = total - OLD.total, balance = balance - OLD.balance
      WHERE currency = OLD.currency AND kind = OLD.kind AND status = OLD.status;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_totals AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION bureau_invoice_totals();
