ALTER TABLE "clients" ADD COLUMN "document_language" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "document_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "invoice_email_templates" jsonb DEFAULT '{}'::jsonb NOT NULL;