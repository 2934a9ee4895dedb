import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { check } from "drizzle-orm/pg-core";
import { bytea, id, timestamps, version } from "./columns";
import { call } from "./calls";
import { user } from "./auth";

export const JOB_STATUSES = ["draft", "published", "closed"] as const;
export const JOB_WORKPLACES = ["on_site", "hybrid", "remote"] as const;
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "freelance", "internship"] as const;
export const SALARY_PERIODS = ["year", "month", "day", "hour"] as const;
export const APPLICATION_STATUSES = [
  "new",
  "reviewing",
  "interview",
  "offer",
  "hired",
  "rejected",
  "withdrawn",
] as const;
export const MESSAGE_STATUSES = ["new", "answered", "read", "archived"] as const;
export const CV_KINDS = ["pdf", "doc", "docx"] as const;

export type JobStatus = (typeof JOB_STATUSES)[number];
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export type CvKind = (typeof CV_KINDS)[number];

export const job = pgTable(
  "jobs",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    location: text("location"),
    workplace: text("workplace", { enum: JOB_WORKPLACES }).notNull(),
    employmentType: text("employment_type", { enum: EMPLOYMENT_TYPES }).notNull(),
    /** Minor units of salaryCurrency. */
    salaryMin: bigint("salary_min", { mode: "number" }),
    salaryMax: bigint("salary_max", { mode: "number" }),
    salaryCurrency: text("salary_currency"),
    salaryPeriod: text("salary_period", { enum: SALARY_PERIODS }),
    /** Markdown; rendered with raw HTML off and sanitised again. */
    description: text("description").notNull().default(""),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    closesOn: date("closes_on", { mode: "string" }),
    version: version(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("jobs_slug_unique").on(table.slug),
    index("jobs_public_idx").on(table.status, table.publishedAt),
    check(
      "jobs_salary_order",
      sql`${table.salaryMin} is null or ${table.salaryMax} is null or ${table.salaryMin} <= ${table.salaryMax}`,
    ),
  ],
);

export const jobApplication = pgTable(
  "job_applications",
  {
    id: id(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    coverLetter: text("cover_letter"),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("new"),
    notes: text("notes"),
    /** The uploader's file name, sanitised; shown only, never used as a path. */
    cvOriginalName: text("cv_original_name").notNull(),
    cvKind: text("cv_kind", { enum: CV_KINDS }).notNull(),
    cvSize: integer("cv_size").notNull(),
    version: version(),
    ...timestamps,
  },
  (table) => [
    index("job_applications_job_idx").on(table.jobId, table.createdAt),
    index("job_applications_created_idx").on(table.createdAt),
    // New applications: the dashboard's count and the jobs list's "with new applications" filter.
    index("job_applications_status_idx").on(table.status, table.jobId),
  ],
);

/** The CV bytes, apart from the application row so lists never load them. Stored under a generated name. */
export const jobApplicationFile = pgTable("job_application_files", {
  applicationId: uuid("application_id")
    .primaryKey()
    .references(() => jobApplication.id, { onDelete: "cascade" }),
  storedName: text("stored_name").notNull(),
  mimeType: text("mime_type").notNull(),
  content: bytea("content").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const contactMessage = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** E.164. */
    phone: text("phone"),
    wantsCallback: boolean("wants_callback").notNull().default(false),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("new"),
    callId: uuid("call_id").references(() => call.id, { onDelete: "set null" }),
    version: version(),
    ...timestamps,
  },
  (table) => [
    index("contact_messages_status_idx").on(table.status, table.createdAt),
    // The retention purge: what arrived before the cut-off.
    index("contact_messages_created_idx").on(table.createdAt),
  ],
);

/** A reply sent from the inbox: kept with the message, sent through the outbox (emailId). */
export const contactMessageReply = pgTable(
  "contact_message_replies",
  {
    id: id(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessage.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    emailId: uuid("email_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("contact_message_replies_message_idx").on(table.messageId, table.createdAt)],
);
