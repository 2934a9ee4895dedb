ALTER TABLE "clients" ADD COLUMN "peppol_id" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "peppol_id" text;