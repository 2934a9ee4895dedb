import "server-only";
import { and, count, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { job, jobApplication, jobApplicationFile } from "@/db/schema";
import { NotFoundError } from "@/lib/errors";
import { isSlug } from "./job-rules";

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

/** The jobs with their application counts; `withNewApplications` keeps the jobs with new ones. */
export async function findJobs(db: Executor, filter: { withNewApplications?: boolean } = {}) {
  const applications = db
    .select({
      jobId: jobApplication.jobId,
      total: count().as("total"),
      fresh: sql<number>`count(*) filter (where ${isNewApplication})`.mapWith(Number).as("fresh"),
    })
    .from(jobApplication)
    .groupBy(jobApplication.jobId)
    .as("applications");
  return db
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
    })
    .from(job)
    .leftJoin(applications, eq(applications.jobId, job.id))
    .where(filter.withNewApplications ? sql`${applications.fresh} > 0` : undefined)
    .orderBy(sql`case ${job.status} when 'published' then 0 when 'draft' then 1 else 2 end`, desc(job.createdAt));
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
