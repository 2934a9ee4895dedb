import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvent,
  call,
  contactMessage,
  email,
  job,
  jobApplication,
  jobApplicationFile,
  settings,
} from "../../src/db/schema";
import { ForbiddenError, InvalidError, NotFoundError, RateLimitedError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  createJob,
  purgeExpiredApplications,
  setApplicationStatus,
  submitApplication,
  transitionJob,
} from "../../src/modules/jobs/job-mutations";
import { findJobPage } from "../../src/modules/jobs/job-queries";
import { submitContactMessage } from "../../src/modules/messages/message-mutations";
import { signFormToken } from "../../src/modules/public-site/anti-spam-rules";
import type { PublicSubmission } from "../../src/modules/public-site/public-form-guard";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { POST as applyRoute } from "../../src/app/(site)/jobs/[slug]/apply/route";
import { getConfig } from "../../src/lib/env";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";
import { clientAddressHeader } from "../../src/lib/request";

let database: TestDatabase;
let admin: Actor;
const SECRET = "integration-secret-0123456789";
let ipCounter = 0;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  await getSettings(database.db);
  await database.db.update(settings).set({ notificationEmail: "office@example.com", country: "FR" });
});
afterAll(() => tearDownDatabase(database));

function context(form: "mail" | "apply", overrides: Partial<PublicSubmission> = {}): PublicSubmission {
  ipCounter += 1;
  const now = overrides.now ?? new Date();
  return {
    ip: `192.0.2.${ipCounter}`,
    formToken: signFormToken(SECRET, form, new Date(now.getTime() - 5_000)),
    honeypot: "",
    secret: SECRET,
    appUrl: "http://localhost:3000",
    now,
    ...overrides,
  };
}

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Jane Prospect",
  email: "jane@example.com",
  company: "Acme",
  subject: "A project for you",
  body: "We would like to talk about a redesign of our website next spring.",
  phone: "",
  wantsCallback: "",
  ...overrides,
});

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const EXE = new Uint8Array([
  0x4d,
  0x5a,
  0x90,
  0x00,
  0x03,
  0x00,
  0x00,
  0x00,
  0x04,
  0x00,
  0x00,
  0x00,
  0xff,
  0xff,
  0x00,
  0x00,
  ...new Array(64).fill(0),
]);

async function rows(
  table: typeof contactMessage | typeof call | typeof jobApplication | typeof jobApplicationFile | typeof email,
) {
  const [row] = await database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

async function publishedJob(title: string) {
  const created = await createJob(database.db, admin, {
    title,
    workplace: "remote",
    employmentType: "full_time",
    description: "## Role\nBuild things.",
  });
  await transitionJob(database.db, admin, { id: created.id, version: created.version, transition: "publish" });
  return created;
}

describe(`public site on ${process.env.TEST_DB}`, () => {
  it("a 'call me back' message creates a requested outbound call (the firm makes it) in the same transaction, with an E.164 phone", async () => {
    const outboxBefore = await rows(email);
    const result = await submitContactMessage(
      database.db,
      message({ phone: "01 23 45 67 89", wantsCallback: "on" }),
      context("mail"),
    );
    expect(result.outcome).toBe("stored");
    if (result.outcome !== "stored") return;
    const [stored] = await database.db.select().from(contactMessage).where(eq(contactMessage.id, result.messageId));
    expect(stored?.callId).toBe(result.callId);
    expect(stored?.status).toBe("new");
    const [created] = await database.db.select().from(call).where(eq(call.id, result.callId!));
    expect(created).toMatchObject({
      status: "requested",
      direction: "outbound",
      assignedUserId: null,
      contactName: "Jane Prospect",
      phone: "+33123456789",
      email: "jane@example.com",
      subject: "A project for you",
    });
    expect(created?.notes).toContain("redesign of our website");
    // The firm's notification and the sender's acknowledgement are in the outbox.
    expect((await rows(email)) - outboxBefore).toBe(2);
  });

  it("'call me back' without a phone, or with a bad one, is refused and stores nothing", async () => {
    const before = await Promise.all([rows(contactMessage), rows(call)]);
    await expect(
      submitContactMessage(database.db, message({ wantsCallback: "on" }), context("mail")),
    ).rejects.toMatchObject({ fieldErrors: { phone: expect.any(String) } });
    await expect(
      submitContactMessage(database.db, message({ wantsCallback: "on", phone: "12" }), context("mail")),
    ).rejects.toMatchObject({ fieldErrors: { phone: expect.any(String) } });
    expect(await Promise.all([rows(contactMessage), rows(call)])).toEqual(before);
  });

  it("a plain message creates no call", async () => {
    const result = await submitContactMessage(database.db, message(), context("mail"));
    expect(result.outcome === "stored" && result.callId).toBeNull();
  });

  it("a honeypot hit looks like success and stores nothing", async () => {
    const before = await Promise.all([rows(contactMessage), rows(call), rows(email)]);
    const result = await submitContactMessage(
      database.db,
      message({ wantsCallback: "on", phone: "0123456789" }),
      context("mail", { honeypot: "http://spam.example" }),
    );
    expect(result.outcome).toBe("ignored");
    expect(await Promise.all([rows(contactMessage), rows(call), rows(email)])).toEqual(before);
  });

  it("refuses a form sent under 3 s after loading, and a forged token", async () => {
    const now = new Date();
    await expect(
      submitContactMessage(
        database.db,
        message(),
        context("mail", { now, formToken: signFormToken(SECRET, "mail", new Date(now.getTime() - 1_000)) }),
      ),
    ).rejects.toThrow(/quicker than we expected/);
    await expect(
      submitContactMessage(
        database.db,
        message(),
        context("mail", { now, formToken: signFormToken(SECRET, "mail", new Date(now.getTime() - 1_000)) }),
      ),
    ).rejects.toMatchObject({ code: "public_form.too_fast" });
    await expect(
      submitContactMessage(
        database.db,
        message(),
        context("mail", { formToken: `${Date.now() - 10_000}.forgedforgedforgedforgedforged` }),
      ),
    ).rejects.toBeInstanceOf(InvalidError);
    await expect(
      submitContactMessage(
        database.db,
        message(),
        context("mail", { formToken: `${Date.now() - 10_000}.forgedforgedforgedforgedforged` }),
      ),
    ).rejects.toMatchObject({ code: "public_form.token_invalid" });
    await expect(
      submitContactMessage(
        database.db,
        message(),
        context("mail", { formToken: signFormToken("another secret", "mail", new Date(Date.now() - 10_000)) }),
      ),
    ).rejects.toBeInstanceOf(InvalidError);
  });

  it("checks the fields before the timing: a form sent at once shows its field errors; a valid one is told to wait, then stored", async () => {
    const now = new Date();
    const justLoaded = { now, formToken: signFormToken(SECRET, "mail", new Date(now.getTime() - 500)) };
    const before = await rows(contactMessage);
    // Empty, sent half a second after loading: the fields' own errors, not "quicker than expected".
    const empty = submitContactMessage(database.db, {}, context("mail", justLoaded));
    await expect(empty).rejects.toBeInstanceOf(InvalidError);
    await expect(empty).rejects.toMatchObject({
      fieldErrors: { name: "Enter your name.", email: expect.any(String), subject: "Enter a subject." },
    });
    // Valid but too quick: refused with the seconds left to wait, and nothing stored.
    const ip = "198.51.100.77";
    const quick = submitContactMessage(database.db, message(), context("mail", { ...justLoaded, ip }));
    await expect(quick).rejects.toBeInstanceOf(RateLimitedError);
    await expect(quick).rejects.toMatchObject({ code: "public_form.too_fast", retryAfterSeconds: 3 });
    expect(await rows(contactMessage)).toBe(before);
    // The same form sent again after the wait is stored (the browser does so by itself).
    const later = new Date(now.getTime() + 3_000);
    await expect(
      submitContactMessage(
        database.db,
        message(),
        context("mail", { ip, now: later, formToken: justLoaded.formToken }),
      ),
    ).resolves.toMatchObject({ outcome: "stored" });
    const target = await publishedJob("Quick applicant");
    await expect(
      submitApplication(
        database.db,
        target.slug,
        { fields: {}, cv: null },
        context("apply", { now, formToken: signFormToken(SECRET, "apply", new Date(now.getTime() - 500)) }),
      ),
    ).rejects.toMatchObject({
      code: "input.invalid",
      fieldErrors: { name: "Enter your name.", cv: expect.any(String) },
    });
  });

  it("reads a link typed without a scheme as https, and names the box of a faulty one", async () => {
    const target = await publishedJob("Links reader");
    await submitApplication(
      database.db,
      target.slug,
      {
        fields: {
          name: "Linus",
          email: "linus@example.com",
          links: ["linkedin.com/in/linus", "", " github.com/linus "],
          consent: "on",
        },
        cv: { name: "cv.pdf", bytes: PDF },
      },
      context("apply"),
    );
    const [stored] = await database.db.select().from(jobApplication).where(eq(jobApplication.jobId, target.id));
    expect(stored?.links).toEqual(["https://linkedin.com/in/linus", "https://github.com/linus"]);
    const refused = submitApplication(
      database.db,
      target.slug,
      {
        fields: {
          name: "Linus",
          email: "linus@example.com",
          links: ["github.com/linus", "not a link", "javascript:alert(1)"],
          consent: "on",
        },
        cv: { name: "cv.pdf", bytes: PDF },
      },
      context("apply"),
    );
    await expect(refused).rejects.toBeInstanceOf(InvalidError);
    const error = (await refused.catch((caught: unknown) => caught)) as InvalidError;
    expect(Object.keys(error.fieldErrors).sort()).toEqual(["links", "links.1", "links.2"]);
  });

  it("/bo/jobs: a published job past its closing date is listed as expired, not published; filtered, sorted and paged", async () => {
    const today = "2031-06-15";
    const tag = `Lister ${Date.now().toString(36)}`;
    const open = await publishedJob(`${tag} A open`);
    const expired = await publishedJob(`${tag} B expired`);
    const future = await publishedJob(`${tag} C closes later`);
    await database.db.update(job).set({ closesOn: "2031-06-14" }).where(eq(job.id, expired.id));
    await database.db.update(job).set({ closesOn: "2031-06-15" }).where(eq(job.id, future.id));
    const mine = (rows: { id: string }[]) =>
      rows.filter((row) => [open.id, expired.id, future.id].includes(row.id)).map((row) => row.id);

    const published = await findJobPage(database.db, { status: "published", today });
    expect(mine(published.rows)).toEqual(expect.arrayContaining([open.id, future.id]));
    expect(mine(published.rows)).not.toContain(expired.id);
    const expiredPage = await findJobPage(database.db, { status: "expired", today });
    expect(mine(expiredPage.rows)).toEqual([expired.id]);
    // By default open jobs come first, the expired one after them.
    const all = mine((await findJobPage(database.db, { today })).rows);
    expect(all.indexOf(expired.id)).toBeGreaterThan(all.indexOf(open.id));
    expect(all.indexOf(expired.id)).toBeGreaterThan(all.indexOf(future.id));
    // Sorted by closing date (jobs without one last), by title either way.
    expect(mine((await findJobPage(database.db, { sort: "closes", today })).rows)).toEqual([
      expired.id,
      future.id,
      open.id,
    ]);
    expect(mine((await findJobPage(database.db, { sort: "title", dir: "desc", today })).rows)).toEqual([
      future.id,
      expired.id,
      open.id,
    ]);
    // Paged: one row a page, the total of the filtered list on every page, even past the last.
    const total = (await findJobPage(database.db, { status: "published", today })).total;
    const second = await findJobPage(database.db, { status: "published", today, limit: 1, offset: 1 });
    expect(second).toMatchObject({ total });
    expect(second.rows).toHaveLength(1);
    expect(await findJobPage(database.db, { status: "published", today, limit: 1, offset: 999 })).toMatchObject({
      rows: [],
      total,
    });
  });

  it("caps links in the free text", async () => {
    await expect(
      submitContactMessage(
        database.db,
        message({ body: "Cheap pills https://a.example https://b.example https://c.example https://d.example" }),
        context("mail"),
      ),
    ).rejects.toMatchObject({
      fieldErrors: { body: expect.stringMatching(/at most 3 links/) },
      code: "public_form.too_many_links",
    });
  });

  it("acknowledges a message and an application with the firm's words only, never the visitor's (security review, finding d)", async () => {
    const victim = "victim.d@example.com";
    await submitContactMessage(
      database.db,
      message({
        name: "Wendy Marker",
        email: victim,
        subject: "Claim your prize today",
        body: "Congratulations, you won: reply with your bank details to collect the prize quickly.",
      }),
      context("mail"),
    );
    const target = await publishedJob("Echo test role");
    await submitApplication(
      database.db,
      target.slug,
      { fields: { name: "Wendy Marker", email: victim, consent: "on" }, cv: { name: "cv.pdf", bytes: PDF } },
      context("apply"),
    );
    const acknowledgements = (await database.db.select().from(email)).filter((row) => row.to.includes(victim));
    expect(acknowledgements.map((row) => row.subject).sort()).toEqual(
      ["Your application for Echo test role", "We received your message"].sort(),
    );
    for (const row of acknowledgements) {
      for (const typed of ["Wendy", "Marker", "prize", "Congratulations", "bank details"]) {
        expect(`${row.subject}\n${row.text}\n${row.html}`).not.toContain(typed);
      }
    }
  });

  it("refuses links and bare domains in names, and the subject", async () => {
    for (const name of ["Claim your prize at prize.example", "Visit https://prize.example", "bit.ly/prize"]) {
      await expect(submitContactMessage(database.db, message({ name }), context("mail"))).rejects.toMatchObject({
        fieldErrors: { name: "Please leave links out of this field." },
      });
    }
    await expect(
      submitContactMessage(database.db, message({ subject: "Offer at prize.example" }), context("mail")),
    ).rejects.toMatchObject({ fieldErrors: { subject: "Please leave links out of this field." } });
    const target = await publishedJob("Names without links");
    await expect(
      submitApplication(
        database.db,
        target.slug,
        {
          fields: { name: "Hello Claim your prize at prize.example", email: "x@example.com", consent: "on" },
          cv: { name: "cv.pdf", bytes: PDF },
        },
        context("apply"),
      ),
    ).rejects.toMatchObject({ fieldErrors: { name: "Please leave links out of this field." } });
  });

  it("sends one address at most 3 acknowledgements a day; the messages are still stored and the firm told", async () => {
    const target = "flooded@example.com";
    const messagesBefore = await rows(contactMessage);
    for (let index = 0; index < 5; index += 1)
      await submitContactMessage(database.db, message({ email: target }), context("mail"));
    expect((await rows(contactMessage)) - messagesBefore).toBe(5);
    const outbox = await database.db.select().from(email);
    expect(outbox.filter((row) => row.to.includes(target))).toHaveLength(3);
    expect(outbox.filter((row) => row.to.includes("office@example.com") && row.text.includes(target))).toHaveLength(5);
  });

  it("allows 5 submissions per hour per IP in the database; the 6th is refused, another IP is not", async () => {
    const ip = "203.0.113.250";
    for (let index = 0; index < 5; index += 1)
      await submitContactMessage(database.db, message(), context("mail", { ip }));
    const refused = submitContactMessage(database.db, message(), context("mail", { ip }));
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toThrow(/try again in \d+ minute/);
    await expect(refused).rejects.toMatchObject({ code: "public_form.rate_limited" });
    // An hour later the window has moved on.
    const later = new Date(Date.now() + 61 * 60_000);
    await expect(
      submitContactMessage(database.db, message(), context("mail", { ip, now: later })),
    ).resolves.toMatchObject({ outcome: "stored" });
    await expect(
      submitContactMessage(database.db, message(), context("mail", { ip: "203.0.113.251" })),
    ).resolves.toMatchObject({ outcome: "stored" });
  });

  it("stores an application with its CV renamed, checks the CV by content, and 404s drafts", async () => {
    const target = await publishedJob("Backend developer");
    const outcome = await submitApplication(
      database.db,
      target.slug,
      {
        fields: { name: "Ada", email: "ada@example.com", links: ["https://github.com/ada", ""], consent: "on" },
        cv: { name: "../My CV.pdf", bytes: PDF },
      },
      context("apply"),
    );
    expect(outcome).toBe("stored");
    const [application] = await database.db.select().from(jobApplication).where(eq(jobApplication.jobId, target.id));
    expect(application).toMatchObject({
      cvOriginalName: "My CV.pdf",
      cvKind: "pdf",
      links: ["https://github.com/ada"],
      status: "new",
    });
    const [file] = await database.db
      .select()
      .from(jobApplicationFile)
      .where(eq(jobApplicationFile.applicationId, application!.id));
    expect(file?.storedName).toBe(`${application!.id}.pdf`);
    expect(Buffer.compare(file!.content, Buffer.from(PDF))).toBe(0);

    await expect(
      submitApplication(
        database.db,
        target.slug,
        { fields: { name: "Bot", email: "bot@example.com", consent: "on" }, cv: { name: "cv.pdf", bytes: EXE } },
        context("apply"),
      ),
    ).rejects.toMatchObject({ fieldErrors: { cv: expect.stringMatching(/PDF, DOC or DOCX/) } });
    await expect(
      submitApplication(
        database.db,
        target.slug,
        {
          fields: { name: "Big", email: "big@example.com", consent: "on" },
          cv: { name: "cv.pdf", bytes: new Uint8Array(5 * 1024 * 1024 + 1) },
        },
        context("apply"),
      ),
    ).rejects.toMatchObject({ fieldErrors: { cv: expect.stringMatching(/larger than 5 MB/) } });

    const draft = await createJob(database.db, admin, {
      title: "Secret draft",
      workplace: "hybrid",
      employmentType: "contract",
    });
    await expect(
      submitApplication(
        database.db,
        draft.slug,
        { fields: { name: "Ada", email: "ada@example.com", consent: "on" }, cv: { name: "cv.pdf", bytes: PDF } },
        context("apply"),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("moves an application to any status, audited; staff may not", async () => {
    const [application] = await database.db.select().from(jobApplication).limit(1);
    const hired = await setApplicationStatus(database.db, admin, {
      id: application!.id,
      version: application!.version,
      status: "hired",
    });
    const back = await setApplicationStatus(database.db, admin, {
      id: application!.id,
      version: hired.version,
      status: "new",
    });
    expect(back.status).toBe("new");
    const events = await database.db
      .select()
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.entity, "application"),
          eq(auditEvent.action, "status"),
          eq(auditEvent.entityId, application!.id),
        ),
      );
    expect(events).toHaveLength(2);
    await expect(
      setApplicationStatus(
        database.db,
        { ...admin, role: "staff" },
        { id: application!.id, version: back.version, status: "offer" },
      ),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("purges applications older than the retention period with their CV, in one audited step", async () => {
    const target = await publishedJob("Designer");
    const now = new Date("2026-06-15T08:00:00Z");
    const insert = async (name: string, createdAt: Date) => {
      const [row] = await database.db
        .insert(jobApplication)
        .values({
          jobId: target.id,
          name,
          email: `${name}@example.com`,
          consentAt: createdAt,
          cvOriginalName: "cv.pdf",
          cvKind: "pdf",
          cvSize: PDF.byteLength,
          createdAt,
        })
        .returning();
      await database.db.insert(jobApplicationFile).values({
        applicationId: row!.id,
        storedName: `${row!.id}.pdf`,
        mimeType: "application/pdf",
        content: Buffer.from(PDF),
      });
      return row!.id;
    };
    const old = await insert("old", new Date("2025-06-14T08:00:00Z"));
    const recent = await insert("recent", new Date("2025-06-16T08:00:00Z"));
    const purged = await purgeExpiredApplications(database.db, now);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(jobApplication).where(eq(jobApplication.id, old))).toHaveLength(0);
    expect(
      await database.db.select().from(jobApplicationFile).where(eq(jobApplicationFile.applicationId, old)),
    ).toHaveLength(0);
    expect(await database.db.select().from(jobApplication).where(eq(jobApplication.id, recent))).toHaveLength(1);
    const [event] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "application"), eq(auditEvent.action, "purge")));
    expect(event?.summary).toMatchObject({ retentionMonths: 12, ids: expect.arrayContaining([old]) });
    expect((event?.summary as { ids: string[] }).ids).not.toContain(recent);
    // Nothing left to purge: nothing happens, nothing is audited.
    expect(await purgeExpiredApplications(database.db, now)).toBe(0);
    // A shorter retention setting is honoured.
    await database.db.update(settings).set({ applicationRetentionMonths: 6 });
    expect(await purgeExpiredApplications(database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(jobApplication).where(eq(jobApplication.id, recent))).toHaveLength(0);
    await database.db.update(settings).set({ applicationRetentionMonths: 12 });
  });

  it("the apply route takes a multipart post, answers 303 without JavaScript and JSON with it", async () => {
    const target = await publishedJob("Route tester");
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: "Route Ada",
      email: "route@example.com",
      consent: "on",
      formToken: signFormToken(getConfig().authSecret, "apply", new Date(Date.now() - 5_000)),
    }))
      form.set(key, value);
    form.set("cv", new File([PDF], "cv.pdf", { type: "application/pdf" }));
    const response = await applyRoute(
      new Request(`http://localhost/jobs/${target.slug}/apply`, {
        method: "POST",
        body: form,
        headers: { [clientAddressHeader()]: "192.0.2.200" },
      }),
      { params: Promise.resolve({ slug: target.slug }) },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/jobs/${target.slug}?applied=1`);
    expect(await database.db.select().from(jobApplication).where(eq(jobApplication.name, "Route Ada"))).toHaveLength(1);

    form.set("cv", new File([EXE], "cv.pdf", { type: "application/pdf" }));
    const refused = await applyRoute(
      new Request(`http://localhost/jobs/${target.slug}/apply`, {
        method: "POST",
        body: form,
        headers: { accept: "application/json", [clientAddressHeader()]: "192.0.2.200" },
      }),
      { params: Promise.resolve({ slug: target.slug }) },
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors.cv).toMatch(/PDF, DOC or DOCX/);

    // Sent a second after the page loaded, without JavaScript: back to the form, told why by its code.
    form.set("cv", new File([PDF], "cv.pdf", { type: "application/pdf" }));
    form.set("formToken", signFormToken(getConfig().authSecret, "apply", new Date(Date.now() - 1_000)));
    const tooFast = await applyRoute(
      new Request(`http://localhost/jobs/${target.slug}/apply`, {
        method: "POST",
        body: form,
        headers: { "x-forwarded-for": "192.0.2.201" },
      }),
      { params: Promise.resolve({ slug: target.slug }) },
    );
    expect(tooFast.status).toBe(303);
    expect(new URL(tooFast.headers.get("location")!, "http://localhost").searchParams.get("error")).toBe("too_fast");
  });

  it("cuts off an oversized upload while it streams, without reading it whole", async () => {
    const target = await publishedJob("Stream tester");
    const boundary = "----bureau-test-boundary";
    const encoder = new TextEncoder();
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
          ),
        );
      },
      pull(controller) {
        pulled += chunk.byteLength;
        // 50 MB on offer, with no Content-Length: only the streaming count can stop it.
        if (pulled > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request(`http://localhost/jobs/${target.slug}/apply`, {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" },
      // @ts-expect-error Node's fetch needs duplex for a streamed body; the DOM types lag.
      duplex: "half",
    });
    const response = await applyRoute(request, { params: Promise.resolve({ slug: target.slug }) });
    expect(response.status).toBe(413);
    expect((await response.json()).fieldErrors.cv).toMatch(/larger than 5 MB/);
    expect(pulled).toBeLessThan(7 * 1024 * 1024);

    const declared = await applyRoute(
      new Request(`http://localhost/jobs/${target.slug}/apply`, {
        method: "POST",
        body: "x",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(6 * 1024 * 1024),
        },
      }),
      { params: Promise.resolve({ slug: target.slug }) },
    );
    expect(declared.status).toBe(303);
    expect(declared.headers.get("location")).toMatch(/error=too_large/);
  });

  it("refuses impossible job transitions", async () => {
    const [draft] = await database.db.select().from(job).where(eq(job.status, "draft"));
    await expect(
      transitionJob(database.db, admin, { id: draft!.id, version: draft!.version, transition: "reopen" }),
    ).rejects.toThrow(/cannot be re-opened/);
  });
});
