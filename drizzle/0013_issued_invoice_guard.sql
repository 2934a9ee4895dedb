-- Custom SQL migration file, put your code below! --
-- The guard of issued invoices (drizzle/0002_invoice_guards.sql) listed the columns an issued
-- invoice or credit note may not change, so a column added later was editable after issue unless
-- someone remembered this trigger. It now lists the few columns that may change after issue (what
-- payments, credit notes and "mark as sent" move, and the bookkeeping of every row) and refuses a
-- change to any other column, present or future (docs/decisions/021-issued-invoice-guard.md).
-- Still refused: going back to draft, and deleting an issued invoice. The row is compared as its
-- JSON text, as 0002 compared the jsonb snapshots, without the columns that may change.
--
-- This migration's snapshot also records the summary tables of 0007, 0008, 0010 and 0011, now
-- declared in src/db/schema/summaries.ts: they exist already, so it creates nothing for them.
CREATE OR REPLACE FUNCTION bureau_guard_issued_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  may_change CONSTANT text[] := ARRAY['status', 'paid_total', 'credited_total', 'balance', 'sent_at', 'version', 'updated_at'];
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
$$;
