CREATE TABLE "imported_records" (
	"source_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_records_kind_check" CHECK ("imported_records"."kind" in ('client', 'project', 'time_entry'))
);
--> statement-breakpoint
CREATE INDEX "imported_records_entity_idx" ON "imported_records" USING btree ("entity_id");