CREATE TABLE "project_budget_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"period" text NOT NULL,
	"threshold" integer NOT NULL,
	"spent" bigint NOT NULL,
	"budget" bigint NOT NULL,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "budget_amount" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "budget_period" text DEFAULT 'total' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_budget_alerts" ADD CONSTRAINT "project_budget_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_budget_alerts_unique" ON "project_budget_alerts" USING btree ("project_id","period","threshold");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_one_budget_check" CHECK ("projects"."budget_minutes" is null or "projects"."budget_amount" is null);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_budget_period_check" CHECK ("projects"."budget_period" in ('total', 'month'));