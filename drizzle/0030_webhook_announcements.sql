CREATE TABLE "webhook_announcements" (
	"event_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_announcements_event_type_subject_id_pk" PRIMARY KEY("event_type","subject_id")
);
