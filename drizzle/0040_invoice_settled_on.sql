-- Issue 24: the receivables ageing as of a past day read every payment and credit note dated after
-- it (a year's worth: 36,000 rows and as many invoice lookups, 130 ms on seed:large). An invoice was
-- open on a day D when it was issued on or before D and not yet settled on D. invoices.settled_on
-- keeps the day it was settled (the first date on which its payments and credit notes, added up in
-- date order, cover its total; null while anything is owed), and a GiST index over the days it was
-- open, [issue_date, settled_on), answers "open on D" with a range containment, index only.
-- Payments and credit notes only ever lower the balance, so an invoice is open exactly on the days
-- of that range; the report still computes each candidate's balance on D from the payments and
-- credit notes dated after D, so a settled_on left null (an import, a restore) only costs time.
ALTER TABLE "invoices" ADD COLUMN "settled_on" date;--> statement-breakpoint

-- The day an issued invoice was settled, from its payments and issued credit notes (credit notes'
-- totals are negative: what they credit is -total). A zero invoice is settled on its issue day.
CREATE FUNCTION bureau_invoice_settled_on(invoice_id uuid, total bigint, issue_date date) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN total <= 0 THEN issue_date ELSE (
    SELECT min(covered.date) FROM (
      SELECT moves.date, sum(moves.amount) OVER (ORDER BY moves.date) AS reduced FROM (
        SELECT p.date, p.amount FROM payments p WHERE p.invoice_id = bureau_invoice_settled_on.invoice_id
        UNION ALL
        SELECT c.issue_date, -c.total FROM invoices c
         WHERE c.credited_invoice_id = bureau_invoice_settled_on.invoice_id AND c.kind = 'credit_note' AND c.status <> 'draft'
      ) moves
    ) covered WHERE covered.reduced >= total
  ) END
$$;--> statement-breakpoint

-- Every payment recorded or deleted, and every credit note issued, writes its invoice's paid or
-- credited total, balance and status in the same transaction, after the payment or credit note
-- itself (invoice-mutations.ts): settled_on is computed then.
CREATE FUNCTION bureau_invoices_settled_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'invoice' AND NEW.status <> 'draft' THEN
    NEW.settled_on := bureau_invoice_settled_on(NEW.id, NEW.total, NEW.issue_date);
  ELSE
    NEW.settled_on := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_settled_on BEFORE UPDATE OF status, total, paid_total, credited_total, balance, issue_date ON invoices
  FOR EACH ROW EXECUTE FUNCTION bureau_invoices_settled_on();--> statement-breakpoint

-- settled_on changes after issue, as the balance does (decision 021's list of what may change).
CREATE OR REPLACE FUNCTION bureau_guard_issued_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  may_change CONSTANT text[] := ARRAY['status', 'paid_total', 'credited_total', 'balance', 'sent_at', 'version', 'updated_at', 'settled_on'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'issued % % cannot be deleted', OLD.kind, OLD.number USING ERRCODE = '23514';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (
       NEW.status = 'draft'
    OR (to_jsonb(NEW) - may_change)::text IS DISTINCT FROM (to_jsonb(OLD) - may_change)::text
  ) THEN
    RAISE EXCEPTION 'issued % % cannot be changed', OLD.kind, OLD.number USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint

UPDATE invoices SET settled_on = bureau_invoice_settled_on(id, total, issue_date)
 WHERE kind = 'invoice' AND status <> 'draft';--> statement-breakpoint

-- The days each issued invoice was open, [issue_date, settled_on) (empty when settled on or before its
-- issue day, unbounded while owed), with what the ageing reads, so that it reads the index alone.
CREATE INDEX invoices_open_during_idx ON invoices USING gist (
  daterange(issue_date, CASE WHEN settled_on IS NULL THEN NULL ELSE greatest(settled_on, issue_date) END, '[)')
) INCLUDE (id, number, client_id, currency, due_date, balance, issue_date, settled_on)
  WHERE kind = 'invoice' AND status <> 'draft';
