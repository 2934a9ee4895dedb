ALTER TABLE "clients" ADD COLUMN "country_subdivision" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_business" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_category" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "purchase_order_reference" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_means" text DEFAULT 'credit_transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "unit_code" text DEFAULT 'C62' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vat_category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vat_mention" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vatex_code" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "share_capital" bigint;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "rcs_city" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "country_subdivision" text;--> statement-breakpoint
-- Hand-written (issue 20): what the new columns mean for rows written before them. A line's unit
-- code is read from its unit as typed (hours → HUR, days → DAY, items → H87, else C62) and a 0 %
-- line is zero rated (Z), as every rate was a standard or zero rate before categories existed.
-- Issued lines are guarded against any change (0002); this fills in what they already said, so
-- the guard is lifted for this statement only.
ALTER TABLE "invoice_lines" DISABLE TRIGGER "invoice_lines_guard_issued";--> statement-breakpoint
UPDATE "invoice_lines" SET
  "unit_code" = CASE lower(trim("unit"))
    WHEN 'hour' THEN 'HUR' WHEN 'hours' THEN 'HUR' WHEN 'h' THEN 'HUR' WHEN 'heure' THEN 'HUR' WHEN 'heures' THEN 'HUR'
    WHEN 'day' THEN 'DAY' WHEN 'days' THEN 'DAY' WHEN 'jour' THEN 'DAY' WHEN 'jours' THEN 'DAY'
    WHEN 'month' THEN 'MON' WHEN 'months' THEN 'MON' WHEN 'mois' THEN 'MON'
    WHEN 'item' THEN 'H87' WHEN 'items' THEN 'H87' WHEN 'piece' THEN 'H87' WHEN 'pieces' THEN 'H87'
    WHEN 'km' THEN 'KMT' WHEN 'lump sum' THEN 'LS' WHEN 'forfait' THEN 'LS'
    ELSE 'C62' END,
  "vat_category" = CASE WHEN "tax_rate_bp" = 0 THEN 'Z' ELSE 'S' END;--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE TRIGGER "invoice_lines_guard_issued";--> statement-breakpoint
-- The configured rates get their category the same way.
UPDATE "settings" SET "tax_rates" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN rate ? 'category' THEN rate
         WHEN (rate->>'basisPoints')::int > 0 THEN rate || '{"category":"S"}'::jsonb
         ELSE rate || '{"category":"Z"}'::jsonb END
    ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements("tax_rates") WITH ORDINALITY AS rates(rate, position)
);
