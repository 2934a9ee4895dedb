-- Second line of defence (the application checks first): an issued invoice or credit note is
-- read-only for ever (SPEC section 4; VAT Directive art. 226 and 233: an issued invoice is
-- corrected by a credit note, never changed). Only what payments, credit notes and "mark as
-- sent" move may change after issue; nothing may delete it or touch its lines.
CREATE OR REPLACE FUNCTION bureau_guard_issued_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'issued % % cannot be deleted', OLD.kind, OLD.number USING ERRCODE = '23514';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (
       NEW.status = 'draft'
    OR NEW.kind IS DISTINCT FROM OLD.kind
    OR NEW.number IS DISTINCT FROM OLD.number
    OR NEW.client_id IS DISTINCT FROM OLD.client_id
    OR NEW.credited_invoice_id IS DISTINCT FROM OLD.credited_invoice_id
    OR NEW.issue_date IS DISTINCT FROM OLD.issue_date
    OR NEW.due_date IS DISTINCT FROM OLD.due_date
    OR NEW.service_period_start IS DISTINCT FROM OLD.service_period_start
    OR NEW.service_period_end IS DISTINCT FROM OLD.service_period_end
    OR NEW.currency IS DISTINCT FROM OLD.currency
    OR NEW.client_snapshot::text IS DISTINCT FROM OLD.client_snapshot::text
    OR NEW.firm_snapshot::text IS DISTINCT FROM OLD.firm_snapshot::text
    OR NEW.payment_terms_days IS DISTINCT FROM OLD.payment_terms_days
    OR NEW.notes IS DISTINCT FROM OLD.notes
    OR NEW.footer IS DISTINCT FROM OLD.footer
    OR NEW.net_total IS DISTINCT FROM OLD.net_total
    OR NEW.tax_total IS DISTINCT FROM OLD.tax_total
    OR NEW.total IS DISTINCT FROM OLD.total
    OR NEW.tax_breakdown::text IS DISTINCT FROM OLD.tax_breakdown::text
    OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
    OR NEW.issued_by_id IS DISTINCT FROM OLD.issued_by_id
    OR NEW.created_by_id IS DISTINCT FROM OLD.created_by_id
  ) THEN
    RAISE EXCEPTION 'issued % % cannot be changed', OLD.kind, OLD.number USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_guard_issued BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION bureau_guard_issued_invoice();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_guard_issued_invoice_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_status text;
BEGIN
  SELECT status INTO parent_status FROM invoices WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.invoice_id ELSE NEW.invoice_id END);
  -- Not found: the draft itself is being deleted and its lines go with it.
  IF FOUND AND parent_status <> 'draft' THEN
    RAISE EXCEPTION 'the lines of an issued invoice cannot be changed' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.invoice_id IS DISTINCT FROM OLD.invoice_id THEN
    SELECT status INTO parent_status FROM invoices WHERE id = OLD.invoice_id;
    IF FOUND AND parent_status <> 'draft' THEN
      RAISE EXCEPTION 'the lines of an issued invoice cannot be changed' USING ERRCODE = '23514';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_guard_issued BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION bureau_guard_issued_invoice_lines();
