CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"client_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"language" text,
	"lines" jsonb NOT NULL,
	"notes" text,
	"footer" text,
	"buyer_reference" text,
	"purchase_order_reference" text,
	"payment_means" text DEFAULT 'credit_transfer' NOT NULL,
	"issue_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"net_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_snapshot" jsonb,
	"firm_snapshot" jsonb,
	"supersedes_id" uuid,
	"invoice_id" uuid,
	"sent_at" timestamp with time zone,
	"sent_by_id" uuid,
	"decided_at" timestamp with time zone,
	"decided_by_name" text,
	"decided_from_address" text,
	"decision_source" text,
	"created_by_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "quotes_number_check" CHECK (("quotes"."status" = 'draft') = ("quotes"."number" is null)),
	CONSTRAINT "quotes_validity_check" CHECK ("quotes"."valid_until" >= "quotes"."issue_date")
);
--> statement-breakpoint
ALTER TABLE "share_links" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "quote_number_pattern" text DEFAULT 'Q-{YYYY}-{SEQ:4}' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_supersedes_id_quotes_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","issue_date");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "quotes_supersedes_idx" ON "quotes" USING btree ("supersedes_id");--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_links_quote_idx" ON "share_links" USING btree ("quote_id","created_at");--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_document_check" CHECK (num_nonnulls("share_links"."invoice_id", "share_links"."quote_id") = 1);