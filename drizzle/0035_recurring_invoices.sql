CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"notes" text,
	"footer" text,
	"buyer_reference" text,
	"purchase_order_reference" text,
	"payment_means" text DEFAULT 'credit_transfer' NOT NULL,
	"frequency" text NOT NULL,
	"interval_weeks" integer DEFAULT 1 NOT NULL,
	"day_of_period" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"occurrence_count" integer,
	"issue_mode" text DEFAULT 'issue' NOT NULL,
	"send_automatically" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"bills_from" date NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_by_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_frequency_check" CHECK ("recurring_invoices"."frequency" in ('monthly', 'quarterly', 'yearly', 'weekly')),
	CONSTRAINT "recurring_invoices_status_check" CHECK ("recurring_invoices"."status" in ('active', 'paused', 'archived')),
	CONSTRAINT "recurring_invoices_interval_check" CHECK ("recurring_invoices"."interval_weeks" between 1 and 52),
	CONSTRAINT "recurring_invoices_count_check" CHECK ("recurring_invoices"."occurrence_count" is null or "recurring_invoices"."occurrence_count" >= 1),
	CONSTRAINT "recurring_invoices_send_check" CHECK (not "recurring_invoices"."send_automatically" or "recurring_invoices"."issue_mode" = 'issue')
);
--> statement-breakpoint
CREATE TABLE "recurring_invoice_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"period_date" date NOT NULL,
	"invoice_id" uuid,
	"issued" boolean DEFAULT false NOT NULL,
	"email_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_template_id_recurring_invoices_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_invoices_status_idx" ON "recurring_invoices" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "recurring_invoices_client_idx" ON "recurring_invoices" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_invoice_runs_period_unique" ON "recurring_invoice_runs" USING btree ("template_id","period_date");--> statement-breakpoint
CREATE INDEX "recurring_invoice_runs_invoice_idx" ON "recurring_invoice_runs" USING btree ("invoice_id");