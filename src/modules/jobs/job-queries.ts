import "server-only";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { job, jobApplication, jobApplicationFile } from "@/db/schema";
import { NotFoundError } from "@/lib/errors";
import { isSlug, type JobListStatus } from "./job-rules";
import type { JobSort } from "./job-schemas";

export type Job = typeof job.$inferSelect;

const publicWhere = (today: string) =>
  and(eq(job.status, "published"), or(isNull(job.closesOn), gte(job.closesOn, today)));

/** Published jobs not past their closing date, newest first. */
export async function findPublicJobs(db: Executor, today: string): Promise<Job[]> {
  return db.select().from(job).where(publicWhere(today)).orderBy(desc(job.publishedAt), desc(job.createdAt));
}

/** The public job of that slug, or null (draft, closed, past closing date and unknown look the same). */
export async function getPublicJob(db: Executor, slug: string, today: string): Promise<Job | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select()
    .from(job)
    .where(and(eq(job.slug, slug), publicWhere(today)));
  return row ?? null;
}

/** Applications nobody has looked at yet: the jobs list's "N new" and the dashboard's count. */
const isNewApplication = eq(jobApplication.status, "new");

export async function countNewApplications(db: Executor): Promise<number> {
  const [row] = await newApplicationsCount(db);
  return row?.value ?? 0;
}

/** The count of new applications as a query (the dashboard asks it with others, in one statement). */
export function newApplicationsCount(db: Executor) {
  return db.select({ value: count() }).from(jobApplication).where(isNewApplication);
}

/** The jobs of one status as the back office shows it (`today` tells published from expired). */
function statusWhere(status: JobListStatus, today: string): SQL | undefined {
  switch (status) {
    case "published":
      return publicWhere(today);
    case "expired":
      return and(eq(job.status, "published"), isNotNull(job.closesOn), lt(job.closesOn, today));
    case "draft":
    case "closed":
      return eq(job.status, status);
  }
}

export type JobListOptions = {
  withNewApplications?: boolean;
  status?: JobListStatus;
  sort?: JobSort;
  dir?: "asc" | "desc";
  /** The firm's today: a published job past its closing date is expired. */
  today?: string;
  limit?: number;
  offset?: number;
};

/**
 * The jobs with their application counts and the total of the filtered list; by default open jobs
 * first (published, then expired, drafts, closed), newest first within each.
 */
export async function findJobPage(db: Executor, options: JobListOptions = {}) {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const applications = db
    .select({
      jobId: jobApplication.jobId,
      total: count().as("total"),
      fresh: sql<number>`count(*) filter (where ${isNewApplication})`.mapWith(Number).as("fresh"),
    })
    .from(jobApplication)
    .groupBy(jobApplication.jobId)
    .as("applications");
  const where = and(
    options.withNewApplications ? sql`${applications.fresh} > 0` : undefined,
    options.status ? statusWhere(options.status, today) : undefined,
  );
  const direction = options.dir === "desc" ? desc : asc;
  const statusRank = sql`case when ${job.status} = 'published' and ${job.closesOn} < ${today} then 1 when ${job.status} = 'published' then 0 when ${job.status} = 'draft' then 2 else 3 end`;
  const order: SQL[] = (() => {
    switch (options.sort ?? "status") {
      case "status":
        return [direction(statusRank), desc(job.createdAt)];
      case "title":
        return [direction(sql`lower(${job.title})`), desc(job.createdAt)];
      case "closes":
        // Jobs without a closing date last, whichever the direction.
        return [sql`${job.closesOn} is null`, direction(job.closesOn), desc(job.createdAt)];
      case "created":
        return [direction(job.createdAt)];
    }
  })();
  const rows = db
    .select({
      id: job.id,
      title: job.title,
      slug: job.slug,
      status: job.status,
      location: job.location,
      workplace: job.workplace,
      employmentType: job.employmentType,
      publishedAt: job.publishedAt,
      closesOn: job.closesOn,
      createdAt: job.createdAt,
      applications: sql<number>`coalesce(${applications.total}, 0)`.mapWith(Number),
      newApplications: sql<number>`coalesce(${applications.fresh}, 0)`.mapWith(Number),
      newTotal: sql<number>`coalesce(sum(${applications.fresh}) over (), 0)`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(job)
    .leftJoin(applications, eq(applications.jobId, job.id))
    .where(where)
    .orderBy(...order, desc(job.id));
  const page = await (options.limit !== undefined ? rows.limit(options.limit).offset(options.offset ?? 0) : rows);
  // Past the last page no row says the total: count apart (rare).
  if (page.length === 0 && (options.offset ?? 0) > 0) {
    const [counted] = await db
      .select({
        total: count(),
        newTotal: sql<number>`coalesce(sum(${applications.fresh}), 0)`.mapWith(Number),
      })
      .from(job)
      .leftJoin(applications, eq(applications.jobId, job.id))
      .where(where);
    return { rows: [], total: counted?.total ?? 0, newApplications: counted?.newTotal ?? 0 };
  }
  return { rows: page, total: page[0]?.total ?? 0, newApplications: page[0]?.newTotal ?? 0 };
}

/** Every job (or those with new applications) with their application counts, open jobs first. */
export async function findJobs(db: Executor, filter: { withNewApplications?: boolean } = {}) {
  return (await findJobPage(db, filter)).rows;
}

export async function getJob(db: Executor, id: string): Promise<Job> {
  const [row] = await db.select().from(job).where(eq(job.id, id));
  if (!row) throw new NotFoundError("This job does not exist.", "job.not_found");
  return row;
}

/** The applications of a job, newest first, without the CV bytes. */
export async function findApplications(db: Executor, jobId: string) {
  return db
    .select({
      id: jobApplication.id,
      name: jobApplication.name,
      email: jobApplication.email,
      phone: jobApplication.phone,
      links: jobApplication.links,
      coverLetter: jobApplication.coverLetter,
      status: jobApplication.status,
      notes: jobApplication.notes,
      cvOriginalName: jobApplication.cvOriginalName,
      cvKind: jobApplication.cvKind,
      cvSize: jobApplication.cvSize,
      version: jobApplication.version,
      createdAt: jobApplication.createdAt,
    })
    .from(jobApplication)
    .where(eq(jobApplication.jobId, jobId))
    .orderBy(desc(jobApplication.createdAt));
}
export type ApplicationRow = Awaited<ReturnType<typeof findApplications>>[number];

export async function getApplicationCv(db: Executor, jobId: string, applicationId: string) {
  const [row] = await db
    .select({
      name: jobApplication.cvOriginalName,
      kind: jobApplication.cvKind,
      mimeType: jobApplicationFile.mimeType,
      content: jobApplicationFile.content,
      applicant: jobApplication.name,
    })
    .from(jobApplication)
    .innerJoin(jobApplicationFile, eq(jobApplicationFile.applicationId, jobApplication.id))
    .where(and(eq(jobApplication.id, applicationId), eq(jobApplication.jobId, jobId)));
  if (!row) throw new NotFoundError("This CV does not exist.", "job.cv_not_found");
  return row;
}
