// Writes of jobs and applications. Back-office functions take (db, actor, input); the public
// application takes the request context instead of an actor.
import { and, eq, inArray, lt } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Database, Executor } from "@/db/client";
import { job, jobApplication, jobApplicationFile } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { todayInZone } from "@/lib/dates";
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  CORRECT_THE_FIELDS,
  INPUT_INVALID,
  invalidFields,
  invalidFrom,
} from "@/lib/errors";
import { refuse, type Refusal } from "@/lib/rule-result";
import { type Actor, diffSummary, recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { queueWebhookEvent } from "@/modules/webhooks/webhook-queue";
import { ANTI_SPAM_MESSAGES, countLinks, MAX_LINKS_IN_TEXT } from "@/modules/public-site/anti-spam-rules";
import { INVALID_PHONE_MESSAGE, toE164 } from "@/modules/public-site/phone";
import type { PublicFormCode } from "@/modules/public-site/public-form-codes";
import {
  guardPublicForm,
  type PublicSubmission,
  recordPublicFormSubmission,
  requireHumanPace,
} from "@/modules/public-site/public-form-guard";
import { notifyApplication } from "@/modules/public-site/public-site-notifications";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { CV_MIME_TYPES, detectCvKind } from "./cv-file";
import type { JobCode } from "./job-codes";
import {
  applicationInput,
  applicationNotesInput,
  applicationStatusInput,
  createJobInput,
  CV_MAX_BYTES,
  jobTransitionInput,
  updateJobInput,
} from "./job-schemas";
import {
  canTransitionJob,
  isJobPublic,
  isSlug,
  jobStatusAfter,
  nextFreeSlug,
  sanitiseFileName,
  slugify,
} from "./job-rules";
import { purgeExpired } from "@/modules/public-site/retention-mutations";

const jobStale = () =>
  new ConflictError("This job was changed by someone else. Reload the page and try again.", "job.stale");
const jobNotFound = () => new NotFoundError("This job does not exist.", "job.not_found");
const applicationStale = () =>
  new ConflictError(
    "This application was changed by someone else. Reload the page and try again.",
    "job.application_stale",
  );
const applicationNotFound = () => new NotFoundError("This application does not exist.", "job.application_not_found");
const notOpen = () => new NotFoundError("This job is not open for applications.", "job.not_open");

async function freeSlug(tx: Executor, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const rows = await tx.select({ slug: job.slug, id: job.id }).from(job);
  const taken = new Set(
    rows
      .filter((row) => row.id !== exceptId && (row.slug === base || row.slug.startsWith(`${base}-`)))
      .map((row) => row.slug),
  );
  return nextFreeSlug(base, taken);
}

export async function createJob(db: Database, actor: Actor, raw: unknown) {
  requirePermission(actor, "job.edit");
  const input = parseInput(createJobInput, raw);
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, input.title);
    const [created] = await tx
      .insert(job)
      .values({ ...input, slug, status: "draft" })
      .returning();
    await recordAudit(tx, actor, {
      entity: "job",
      entityId: created!.id,
      action: "create",
      summary: { title: input.title, slug },
    });
    return created!;
  });
}

export async function updateJob(db: Database, actor: Actor, raw: unknown) {
  requirePermission(actor, "job.edit");
  const { id, version, ...input } = parseInput(updateJobInput, raw);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(job).where(eq(job.id, id));
    if (!before) throw jobNotFound();
    // A draft's slug follows its title; once published the address stays (links were shared).
    const slug =
      before.status === "draft" && before.title !== input.title ? await freeSlug(tx, input.title, id) : before.slug;
    const [updated] = await tx
      .update(job)
      .set({ ...input, slug, version: version + 1 })
      .where(and(eq(job.id, id), eq(job.version, version)))
      .returning();
    if (!updated) throw jobStale();
    await recordAudit(tx, actor, {
      entity: "job",
      entityId: id,
      action: "update",
      summary: diffSummary(before, { ...input, slug }, ["description"]),
    });
    return updated;
  });
}

export async function transitionJob(db: Database, actor: Actor, raw: unknown) {
  requirePermission(actor, "job.edit");
  const { id, version, transition } = parseInput(jobTransitionInput, raw);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(job).where(eq(job.id, id));
    if (!before) throw jobNotFound();
    if (before.version !== version) throw jobStale();
    const allowed = canTransitionJob(before.status, transition);
    if (!allowed.ok) throw invalidFrom(allowed);
    const status = jobStatusAfter(transition);
    const [updated] = await tx
      .update(job)
      .set({
        status,
        publishedAt: transition === "publish" || transition === "reopen" ? new Date() : before.publishedAt,
        version: version + 1,
      })
      .where(and(eq(job.id, id), eq(job.version, version)))
      .returning();
    if (!updated) throw jobStale();
    await recordAudit(tx, actor, {
      entity: "job",
      entityId: id,
      action: transition,
      summary: { from: before.status, to: status },
    });
    return updated;
  });
}

export async function setApplicationStatus(db: Database, actor: Actor, raw: unknown) {
  requirePermission(actor, "job.edit");
  const { id, version, status } = parseInput(applicationStatusInput, raw);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: jobApplication.status })
      .from(jobApplication)
      .where(eq(jobApplication.id, id));
    if (!before) throw applicationNotFound();
    const [updated] = await tx
      .update(jobApplication)
      .set({ status, version: version + 1 })
      .where(and(eq(jobApplication.id, id), eq(jobApplication.version, version)))
      .returning({ id: jobApplication.id, version: jobApplication.version, status: jobApplication.status });
    if (!updated) throw applicationStale();
    await recordAudit(tx, actor, {
      entity: "application",
      entityId: id,
      action: "status",
      summary: { from: before.status, to: status },
    });
    return updated;
  });
}

export async function updateApplicationNotes(db: Database, actor: Actor, raw: unknown) {
  requirePermission(actor, "job.edit");
  const { id, version, notes } = parseInput(applicationNotesInput, raw);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(jobApplication)
      .set({ notes, version: version + 1 })
      .where(and(eq(jobApplication.id, id), eq(jobApplication.version, version)))
      .returning({ id: jobApplication.id, version: jobApplication.version });
    if (!updated) {
      const [exists] = await tx.select({ id: jobApplication.id }).from(jobApplication).where(eq(jobApplication.id, id));
      if (!exists) throw applicationNotFound();
      throw applicationStale();
    }
    // Notes may hold personal judgements: the audit says they changed, not what they say.
    await recordAudit(tx, actor, { entity: "application", entityId: id, action: "notes" });
    return updated;
  });
}

export type UploadedCv = { name: string; bytes: Uint8Array };
export type ApplicationSubmission = { fields: Record<string, unknown>; cv: UploadedCv | null };

/** The public application form. Returns "ignored" for a honeypot hit (answer as if stored). */
export async function submitApplication(
  db: Database,
  slug: string,
  submission: ApplicationSubmission,
  context: PublicSubmission,
): Promise<"stored" | "ignored"> {
  const now = context.now ?? new Date();
  if (!isSlug(slug)) throw notOpen();
  const settings = await getSettings(db);
  const [target] = await db.select().from(job).where(eq(job.slug, slug));
  if (!target || !isJobPublic(target, todayInZone(settings.timezone, now))) throw notOpen();
  if ((await guardPublicForm(db, "apply", context)) === "ignore") return "ignored";

  const parsed = applicationInput.safeParse(submission.fields);
  const refusals: Refusal<JobCode | PublicFormCode>[] = [];
  let phone: string | null = null;
  if (parsed.success && parsed.data.phone) {
    phone = toE164(parsed.data.phone, settings.country);
    if (!phone) refusals.push(refuse("public_form.phone_invalid", INVALID_PHONE_MESSAGE, "phone"));
  }
  if (parsed.success && countLinks(parsed.data.coverLetter) > MAX_LINKS_IN_TEXT)
    refusals.push(refuse("public_form.too_many_links", ANTI_SPAM_MESSAGES.too_many_links, "coverLetter"));
  if (parsed.success && countLinks(parsed.data.name) > 0)
    refusals.push(refuse("public_form.link_in_line", ANTI_SPAM_MESSAGES.no_links, "name"));
  let kind: Awaited<ReturnType<typeof detectCvKind>> = null;
  if (!submission.cv || submission.cv.bytes.byteLength === 0)
    refusals.push(refuse("job.cv_missing", "Attach your CV (PDF, DOC or DOCX, at most 5 MB).", "cv"));
  else if (submission.cv.bytes.byteLength > CV_MAX_BYTES)
    refusals.push(refuse("job.cv_too_large", "Your CV is larger than 5 MB. Please send a smaller file.", "cv"));
  else {
    kind = await detectCvKind(submission.cv.bytes);
    if (!kind)
      refusals.push(
        refuse(
          "job.cv_not_a_document",
          "Your CV must be a PDF, DOC or DOCX document. This file is not one, whatever its name says.",
          "cv",
        ),
      );
  }
  if (!parsed.success) {
    // The schema's issues and the CV's together, a message per field, as a refused schema.
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fieldErrors[String(issue.path[0] ?? "_form")] ??= issue.message;
      // A link's error also names its box ("links.1"), so the form marks only that one.
      if (issue.path[0] === "links" && typeof issue.path[1] === "number")
        fieldErrors[`links.${issue.path[1]}`] ??= issue.message;
    }
    for (const refusal of refusals) fieldErrors[refusal.field ?? "_form"] = refusal.message;
    throw new InvalidError(CORRECT_THE_FIELDS, fieldErrors, INPUT_INVALID);
  }
  if (refusals.length > 0 || !kind || !submission.cv) throw invalidFields(refusals);
  requireHumanPace("apply", context);
  const input = parsed.data;
  const cv = submission.cv;
  const originalName = sanitiseFileName(cv.name);

  await db.transaction(async (tx) => {
    await recordPublicFormSubmission(tx, "apply", context);
    const id = uuidv7();
    await tx.insert(jobApplication).values({
      id,
      jobId: target.id,
      name: input.name,
      email: input.email,
      phone,
      links: input.links,
      coverLetter: input.coverLetter,
      consentAt: now,
      cvOriginalName: originalName,
      cvKind: kind,
      cvSize: cv.bytes.byteLength,
    });
    await tx.insert(jobApplicationFile).values({
      applicationId: id,
      storedName: `${id}.${kind}`,
      mimeType: CV_MIME_TYPES[kind],
      content: Buffer.from(cv.bytes),
    });
    await recordAudit(tx, SYSTEM_ACTOR, {
      entity: "application",
      entityId: id,
      action: "receive",
      summary: { jobId: target.id, job: target.title },
    });
    await queueWebhookEvent(tx, "application.received", {
      id,
      jobId: target.id,
      jobTitle: target.title,
      name: input.name,
      email: input.email,
      phone,
      links: input.links,
      receivedAt: now.toISOString(),
    });
    await notifyApplication(
      tx,
      { id, name: input.name, email: input.email, phone, links: input.links, jobId: target.id, jobTitle: target.title },
      settings,
      context.appUrl,
      context.language,
    );
  });
  return "stored";
}

/**
 * Retention: applications received more than settings.applicationRetentionMonths
 * ago are deleted with their CV (the file row cascades). One audit event lists what went.
 * Meant to run daily from the background jobs.
 */
export async function purgeExpiredApplications(db: Database, now: Date = new Date()): Promise<number> {
  const settings = await getSettings(db);
  return purgeExpired(
    db,
    {
      entity: "application",
      retentionMonths: settings.applicationRetentionMonths,
      listIds: true,
      expired: async (tx, cutoff) =>
        (
          await tx.select({ id: jobApplication.id }).from(jobApplication).where(lt(jobApplication.createdAt, cutoff))
        ).map((row) => row.id),
      remove: async (tx, ids) => {
        await tx.delete(jobApplicationFile).where(inArray(jobApplicationFile.applicationId, ids));
        const deleted = await tx
          .delete(jobApplication)
          .where(inArray(jobApplication.id, ids))
          .returning({ id: jobApplication.id });
        return deleted.map((row) => row.id);
      },
    },
    now,
  );
}
