CREATE TABLE "contact_message_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_capacity_minutes" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "weekly_capacity_minutes" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "mail_from_name" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "mail_from_address" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "mail_reply_to" text DEFAULT 'firm' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "home_text" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "legal_notice" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "privacy_notice" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "hosting_provider" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "publication_director" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "from_header" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "contact_message_replies" ADD CONSTRAINT "contact_message_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message_replies" ADD CONSTRAINT "contact_message_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_message_replies_message_idx" ON "contact_message_replies" USING btree ("message_id","created_at");