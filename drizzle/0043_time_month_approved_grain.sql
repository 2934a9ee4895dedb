-- time_month_totals keeps approved time at a coarser grain (decision 073). The rate and the
-- residue (minutes modulo 60) are in its key so that a report can price unapproved time at the rate
-- approval would freeze, rounding per entry (bureau_group_value). Approved time is never priced
-- again: its value is the stored sum at the frozen rates. So an approved group's rate is null and
-- its residue 0, and a year of the large data set reads 4,300 facts instead of 12,700 (issue 24).
-- The key and the bump apply the same rule, so the triggers' ordering (deadlock-free) and their
-- "same key" test still agree; a week approved or reopened moves its entries between grains.
CREATE OR REPLACE FUNCTION bureau_time_month_key(p_month date, p_project uuid, p_user uuid, p_status text, p_billable boolean, p_invoiced boolean, p_rate integer, p_residue integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT p_month::text || '|' || p_project::text || '|' || p_user::text || '|' || p_status || '|' || p_billable::text || '|' || p_invoiced::text || '|'
    || CASE WHEN p_status = 'approved' THEN '|0' ELSE coalesce(p_rate::text, '') || '|' || p_residue::text END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_bump_time_month(p_month date, p_project uuid, p_user uuid, p_status text, p_billable boolean, p_invoiced boolean, p_rate integer, p_residue integer, p_entries bigint, p_minutes bigint, p_value bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_status = 'approved' THEN
    p_rate := NULL;
    p_residue := 0;
  END IF;
  INSERT INTO time_month_totals AS t (month, project_id, user_id, status, billable, invoiced, hourly_rate, residue, entries, minutes, value)
    VALUES (p_month, p_project, p_user, p_status, p_billable, p_invoiced, p_rate, p_residue, p_entries, p_minutes, p_value)
    ON CONFLICT ON CONSTRAINT time_month_totals_key DO UPDATE SET entries = t.entries + EXCLUDED.entries, minutes = t.minutes + EXCLUDED.minutes, value = t.value + EXCLUDED.value;
END;
$$;
--> statement-breakpoint
DELETE FROM time_month_totals;
--> statement-breakpoint
INSERT INTO time_month_totals (month, project_id, user_id, status, billable, invoiced, hourly_rate, residue, entries, minutes, value)
SELECT bureau_month_of(e.date), e.project_id, e.user_id, t.status, e.billable, e.invoice_line_id IS NOT NULL,
  CASE WHEN t.status = 'approved' THEN NULL ELSE e.hourly_rate END, CASE WHEN t.status = 'approved' THEN 0 ELSE e.minutes % 60 END,
  count(*), sum(e.minutes), sum(bureau_entry_value(e.minutes, e.hourly_rate))
FROM time_entries e JOIN timesheets t ON t.id = e.timesheet_id
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
