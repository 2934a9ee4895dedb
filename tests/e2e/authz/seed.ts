// The data the authorisation matrix works on, created once per run over HTTP with the admin's
// session (and each user's own session where the rules want the owner): users of each role,
// a client with projects, timesheets, invoices (drafts, an issued one with a payment and a mail),
// jobs with an application and its CV, a contact message and calls. Every id is real.
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { todayInZone } from "../../../src/lib/dates";
import { ADMIN, FIRM_ZONE, makePdf } from "../fixtures";
import { actionId, callAction, dataOf, findOne, html, nextAddress, ORIGIN, signInOverApi } from "./http";

export type Role = "anonymous" | "staff" | "manager" | "admin";
export const ROLES: readonly Role[] = ["anonymous", "staff", "manager", "admin"];

type Ref = { id: string; version: number };
type Person = { id: string; name: string; email: string; password: string };

export type Seed = {
  tag: string;
  today: string;
  staff: Person;
  manager: Person;
  /** A staff member the user-management actions work on (never signs in). */
  victim: Person;
  client: Ref & { name: string; billingEmail: string };
  /** Targets of the archive actions, so archiving does not disturb the rest. */
  spareClient: Ref;
  project: Ref & { name: string };
  spareProject: Ref;
  /** Staff's submitted weeks (approve, bulk approve, reject, withdraw) and an approved one (reopen). */
  sheets: {
    own: Ref;
    approve: Ref;
    bulk: Ref;
    reject: Ref;
    reopen: Ref;
    withdraw: Ref;
    managerDraft: Ref;
    staffDraft: Ref;
  };
  /** Expenses (decision 065): the staff member's, one per action, and the manager's own; own and managerOwn have a receipt. */
  expenses: { own: Ref; managerOwn: Ref; update: Ref; remove: Ref; approve: Ref; reject: Ref; reopen: Ref };
  /** Drafts for update, delete and issue; an issued invoice with a payment and a mail. */
  invoices: {
    update: Ref;
    remove: Ref;
    issue: Ref;
    issued: Ref & { number: string };
    credit: Ref & { number: string };
    paymentId: string;
    lineDescription: string;
  };
  /** Recurring invoices: one to edit, one to pause, one due today for "Make due invoices now". */
  recurring: { update: Ref; state: Ref; run: Ref };
  /**
   * Quotes (decision 064): drafts to edit, delete and send; sent ones to answer and to replace by a
   * new version; an accepted one to convert; the client link of a sent one.
   */
  quotes: { update: Ref; remove: Ref; send: Ref; decide: Ref; revise: Ref; convert: Ref; shared: Ref; token: string };
  email: { id: string; attachmentId: string };
  /** Client share links (decision 059) of the issued invoice: one to open, one to revoke. */
  shareLinks: { token: string; revokeId: string };
  job: Ref & { slug: string; title: string };
  draftJob: Ref;
  application: Ref & { name: string; email: string };
  otherApplication: Ref;
  message: Ref & { subject: string };
  /** The manager's calls: one per call action, in the state that action needs. */
  calls: {
    update: Ref;
    complete: Ref;
    missed: Ref;
    reschedule: Ref;
    retry: Ref;
    cancel: Ref;
    logTime: Ref;
    /** The call-back requested with the message: assigned to nobody. */
    requested: Ref;
  };
  /** Text that only appears in data a refusal must never show. */
  secrets: string[];
};

export type Sessions = Record<Role, APIRequestContext> & { forged: APIRequestContext };

export const INITIAL = "initial password for the matrix";
export const JOB_FIELDS = {
  location: "Lyon",
  workplace: "hybrid",
  employmentType: "full_time",
  salaryMin: "",
  salaryMax: "",
  salaryCurrency: "EUR",
  salaryPeriod: "year",
  closesOn: "",
};

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** The Monday `weeksAgo` weeks before this week's. */
export function monday(weeksAgo: number): string {
  const now = new Date();
  const offset = (now.getUTCDay() + 6) % 7;
  return addDays(isoDay(now), -offset - 7 * weeksAgo);
}

/** The anti-spam token of a public form (a hidden field), and when the page was loaded. */
export async function formTokenOf(
  request: APIRequestContext,
  url: string,
): Promise<{ token: string; loadedAt: number }> {
  const page = await html(request, url);
  const match = /name="formToken"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="formToken"/.exec(page);
  if (!match) throw new Error(`no form token on ${url}`);
  return { token: match[1] ?? match[2]!, loadedAt: Date.now() };
}

/** Public forms are refused when sent less than 3 s after the page loaded. */
export async function waitAsAPerson(loadedAt: number) {
  const wait = loadedAt + 3_200 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export async function newSessions(playwright: PlaywrightWorkerArgs["playwright"]): Promise<Sessions> {
  const context = (cookie?: string) =>
    playwright.request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: cookie ? { cookie } : {} });
  const [anonymous, staff, manager, admin, forged] = await Promise.all([
    context(),
    context(),
    context(),
    context(),
    context("better-auth.session_token=forged.c2lnbmF0dXJl"),
  ]);
  return { anonymous, staff, manager, admin, forged };
}

/** Calls an action as `request` and returns its data (throws with the action's message otherwise). */
export async function act<T>(
  request: APIRequestContext,
  page: string,
  file: string,
  name: string,
  args: unknown[],
): Promise<T> {
  return dataOf<T>(await callAction(request, page, actionId(file, name), args), name);
}

/** The "use server" files the tests call into. */
export const USERS = "src/modules/users/user-actions.ts";
export const CLIENTS = "src/modules/clients/client-actions.ts";
export const SHEETS = "src/modules/timesheets/timesheet-actions.ts";
export const TIMER = "src/modules/timesheets/timer-actions.ts";
export const INVOICES = "src/modules/invoices/invoice-actions.ts";
export const JOBS = "src/modules/jobs/job-actions.ts";
export const CALLS = "src/modules/calls/call-actions.ts";
export const RECURRING = "src/modules/recurring/recurring-actions.ts";
export const EXPENSES = "src/modules/expenses/expense-actions.ts";

/** The expense form as the browser sends it (FormData), with a PDF receipt when asked. */
export function expenseForm(projectId: string, date: string, fields: Record<string, string> = {}, receipt = false) {
  const form = new FormData();
  const values = {
    projectId,
    date,
    category: "travel",
    currency: "EUR",
    netAmount: "42.50",
    billable: "true",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  if (receipt)
    form.set("receipt", new File([new Uint8Array(makePdf("Receipt"))], "receipt.pdf", { type: "application/pdf" }));
  return form;
}
export const QUOTES = "src/modules/quotes/quote-actions.ts";

/**
 * An administrator whose password the admin set and who has not chosen their own yet: signed in in
 * `request`, and from then on allowed only their account page, changing their password and signing out.
 */
export async function createPendingAdmin(admin: APIRequestContext, request: APIRequestContext, tag: string) {
  const email = `matrix.pending.${tag}@example.com`;
  await act(admin, "/bo/users", USERS, "createUserAction", [
    { name: `Matrix Pending ${tag}`, email, role: "admin", password: INITIAL, defaultHourlyRate: "" },
  ]);
  await signInOverApi(request, email, INITIAL);
  return { email, password: INITIAL };
}

/** The admin creates a user; the user signs in in `request` and chooses their own password. */
export async function createPerson(
  admin: APIRequestContext,
  request: APIRequestContext | null,
  role: "staff" | "manager",
  name: string,
  email: string,
): Promise<Person> {
  const { id } = await act<{ id: string }>(admin, "/bo/users", USERS, "createUserAction", [
    { name, email, role, password: INITIAL, defaultHourlyRate: "80" },
  ]);
  const password = `${role} own passphrase ${Date.now()}`;
  if (request) {
    await signInOverApi(request, email, INITIAL);
    await act(request, "/bo/account", USERS, "changeOwnPasswordAction", [
      { currentPassword: INITIAL, newPassword: password, confirmPassword: password },
    ]);
  }
  return { id, name, email, password: request ? password : INITIAL };
}

function gridOf(projectId: string, description: string, hours = "2") {
  return { rows: [{ projectId, description, billable: true, cells: [hours, hours, "", "", "", "", ""] }] };
}

export async function seedMatrix(sessions: Sessions): Promise<Seed> {
  const { admin, staff: staffSession, manager: managerSession, anonymous } = sessions;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // The firm's day, not UTC's: between midnight in Paris and midnight UTC they differ, and an
  // invoice issued on the UTC day would come before one another test issued on the firm's (a
  // CI run at 23:20 UTC failed on it).
  const today = todayInZone(FIRM_ZONE);
  await signInOverApi(admin, ADMIN.email, ADMIN.password);

  // The public forms need their token 3 s before they are sent: fetch both now, send them last.
  const mailToken = await formTokenOf(anonymous, "/mail");

  const [staff, manager, victim] = await Promise.all([
    createPerson(admin, staffSession, "staff", `Matrix Staff ${tag}`, `matrix.staff.${tag}@example.com`),
    createPerson(admin, managerSession, "manager", `Matrix Manager ${tag}`, `matrix.manager.${tag}@example.com`),
    createPerson(admin, null, "staff", `Matrix Victim ${tag}`, `matrix.victim.${tag}@example.com`),
  ]);

  const clientName = `Matrix Secret Client ${tag}`;
  const billingEmail = `billing.${tag}@secret-client.example`;
  const clientFields = {
    currency: "EUR",
    paymentTermsDays: "30",
    billingEmail,
    addressLine1: "1 Secret Street",
    city: "Paris",
    country: "FR",
    notes: `Secret notes ${tag}`,
  };
  const client = await act<{ id: string }>(admin, "/bo/clients", CLIENTS, "createClientAction", [
    { name: clientName, ...clientFields },
  ]);
  const spareClient = await act<{ id: string }>(admin, "/bo/clients", CLIENTS, "createClientAction", [
    { name: `Matrix Spare Client ${tag}`, currency: "EUR", paymentTermsDays: "30" },
  ]);
  const projectName = `Matrix Secret Project ${tag}`;
  const project = await act<{ id: string }>(admin, `/bo/clients/${client.id}`, CLIENTS, "createProjectAction", [
    { clientId: client.id, name: projectName, hourlyRate: "100", billableByDefault: true },
  ]);
  const spareProject = await act<{ id: string }>(admin, `/bo/clients/${client.id}`, CLIENTS, "createProjectAction", [
    { clientId: client.id, name: `Matrix Spare Project ${tag}`, billableByDefault: true },
  ]);

  // Timesheets: staff's own weeks (one submitted per decision to take), a manager's draft.
  type Saved = { id: string; version: number; status: string };
  const staffWeek = (weeksAgo: number, submit: boolean) =>
    act<Saved>(staffSession, "/bo/timesheets/create", SHEETS, "createTimesheetAction", [
      { userId: staff.id, weekStart: monday(weeksAgo), grid: gridOf(project.id, `Secret staff work ${tag}`), submit },
    ]);
  const [own, approve, bulk, reject, reopenSubmitted, staffDraft, withdraw] = await Promise.all([
    staffWeek(1, true),
    staffWeek(2, true),
    staffWeek(3, true),
    staffWeek(4, true),
    staffWeek(5, true),
    staffWeek(6, false),
    staffWeek(7, true),
  ]);
  const reopen = await act<Saved>(admin, `/bo/timesheets/${reopenSubmitted.id}`, SHEETS, "approveTimesheetAction", [
    { id: reopenSubmitted.id, version: reopenSubmitted.version },
  ]);
  const staffExpense = (description: string, receipt = false) =>
    act<Saved>(staffSession, "/bo/expenses/create", EXPENSES, "createExpenseAction", [
      expenseForm(project.id, today, { description: `${description} ${tag}` }, receipt),
    ]);
  const [ownExpense, updateExpense, removeExpense, approveExpense, rejectExpense, reopenExpenseSubmitted] =
    await Promise.all([
      staffExpense("Secret staff expense", true),
      staffExpense("Expense to update"),
      staffExpense("Expense to delete"),
      staffExpense("Expense to approve"),
      staffExpense("Expense to reject"),
      staffExpense("Expense to reopen"),
    ]);
  const reopenExpense = await act<Saved>(
    admin,
    `/bo/expenses/${reopenExpenseSubmitted.id}`,
    EXPENSES,
    "approveExpenseAction",
    [{ id: reopenExpenseSubmitted.id, version: reopenExpenseSubmitted.version }],
  );
  const managerExpense = await act<Saved>(managerSession, "/bo/expenses/create", EXPENSES, "createExpenseAction", [
    expenseForm(project.id, today, { description: `Secret manager expense ${tag}` }, true),
  ]);
  const managerDraft = await act<Saved>(managerSession, "/bo/timesheets/create", SHEETS, "createTimesheetAction", [
    { userId: manager.id, weekStart: monday(1), grid: gridOf(project.id, `Secret manager work ${tag}`), submit: false },
  ]);

  // Invoices.
  const lineDescription = `Secret consulting line ${tag}`;
  const draft = () =>
    act<{ id: string }>(admin, "/bo/invoices/create", INVOICES, "createInvoiceAction", [
      {
        clientId: client.id,
        currency: "EUR",
        issueDate: today,
        dueDate: addDays(today, 30),
        notes: `Secret invoice notes ${tag}`,
        footer: "",
        lines: [
          {
            description: lineDescription,
            quantity: "2",
            unit: "hour",
            unitPrice: "100",
            discount: "",
            taxRateBp: 2000,
            timeEntryIds: [],
          },
        ],
      },
    ]);
  const [update, remove, issue, toIssue, toCredit] = await Promise.all([draft(), draft(), draft(), draft(), draft()]);
  const issued = await act<{ number: string }>(admin, `/bo/invoices/${toIssue.id}`, INVOICES, "issueInvoiceAction", [
    { id: toIssue.id, version: 1 },
  ]);
  const credit = await act<{ number: string }>(admin, `/bo/invoices/${toCredit.id}`, INVOICES, "issueInvoiceAction", [
    { id: toCredit.id, version: 1 },
  ]);
  await act(admin, `/bo/invoices/${toIssue.id}`, INVOICES, "recordPaymentAction", [
    { invoiceId: toIssue.id, amount: "10", date: today, method: "bank_transfer", reference: `Secret ref ${tag}` },
  ]);
  const invoicePage = await html(admin, `/bo/invoices/${toIssue.id}`);
  const paymentId = findOne(invoicePage, /"paymentId":"([0-9a-f-]{36})"/, "the payment's id")[1]!;
  const { emailId } = await act<{ emailId: string }>(
    admin,
    `/bo/invoices/${toIssue.id}`,
    "src/modules/mail/invoice-mail-actions.ts",
    "sendInvoiceEmailAction",
    [
      {
        invoiceId: toIssue.id,
        to: billingEmail,
        cc: "",
        subject: `Invoice ${issued.number}`,
        message: "Please find our invoice attached.",
      },
    ],
  );
  const shareLink = (invoiceId: string) =>
    act<{ id: string; url: string }>(
      admin,
      `/bo/invoices/${invoiceId}`,
      "src/modules/share-links/share-link-actions.ts",
      "createShareLinkAction",
      [{ invoiceId, expiresOn: "" }],
    );
  const [opened, toRevoke] = [await shareLink(toIssue.id), await shareLink(toIssue.id)];
  const template = () =>
    act<{ id: string }>(admin, "/bo/invoices/recurring/create", RECURRING, "createRecurringInvoiceAction", [
      recurringProbe(client.id, today, `Secret retainer ${tag}`),
    ]);
  const [recurringUpdate, recurringState, recurringRun] = await Promise.all([template(), template(), template()]);
  const quoteDraft = () =>
    act<{ id: string }>(admin, "/bo/quotes/create", QUOTES, "createQuoteAction", [
      quoteProbe(client.id, today, `Secret quote notes ${tag}`),
    ]);
  const [quoteUpdate, quoteRemove, quoteSend, quoteDecide, quoteRevise, quoteConvert, quoteShared] = await Promise.all(
    [1, 2, 3, 4, 5, 6, 7].map(() => quoteDraft()),
  );
  for (const sentQuote of [quoteDecide!, quoteRevise!, quoteConvert!, quoteShared!])
    await act(admin, `/bo/quotes/${sentQuote.id}`, QUOTES, "sendQuoteAction", [
      { id: sentQuote.id, version: 1, email: false },
    ]);
  await act(admin, `/bo/quotes/${quoteConvert!.id}`, QUOTES, "decideQuoteAction", [
    { id: quoteConvert!.id, version: 2, decision: "accept" },
  ]);
  const quoteLink = await act<{ url: string }>(
    admin,
    `/bo/quotes/${quoteShared!.id}`,
    "src/modules/share-links/share-link-actions.ts",
    "createShareLinkAction",
    [{ quoteId: quoteShared!.id, expiresOn: "" }],
  );
  const versionOf = async (id: string) =>
    Number(
      findOne(
        await html(admin, `/bo/invoices/${id}`),
        new RegExp(`"invoice":\\{"id":"${id}","version":(\\d+)`),
        `the version of invoice ${id}`,
      )[1],
    );
  const [issuedVersion, creditVersion] = await Promise.all([versionOf(toIssue.id), versionOf(toCredit.id)]);
  const mailPage = await html(admin, `/bo/outbox/${emailId}`);
  const attachmentId = findOne(
    mailPage,
    new RegExp(`/bo/outbox/${emailId}/attachments/([0-9a-f-]{36})`),
    "the mail's attachment",
  )[1]!;

  // Jobs: a published one with an application, a draft to publish.
  const title = `Matrix Consultant ${tag}`;
  const job = await act<{ id: string }>(admin, "/bo/jobs/new", JOBS, "createJobAction", [
    { title, ...JOB_FIELDS, description: "## The role\n\nHelp our clients." },
  ]);
  const published = await act<{ version: number }>(admin, `/bo/jobs/${job.id}`, JOBS, "transitionJobAction", [
    { id: job.id, version: 1, transition: "publish" },
  ]);
  const draftJob = await act<{ id: string }>(admin, "/bo/jobs/new", JOBS, "createJobAction", [
    { title: `Matrix Draft Job ${tag}`, ...JOB_FIELDS, description: "" },
  ]);
  const slug = findOne(
    await html(admin, `/bo/jobs/${job.id}`),
    /href="\/jobs\/([a-z0-9-]+)"/,
    "the job's public link",
  )[1]!;
  const applyToken = await formTokenOf(anonymous, `/jobs/${slug}`);

  // Calls, all the manager's: staff may not change them.
  const wallTime = (days: number) => `${addDays(today, days)}T10:30`;
  const callFields = {
    direction: "outbound",
    contactName: `Secret Contact ${tag}`,
    phone: null,
    email: null,
    clientId: client.id,
    projectId: null,
    billable: false,
    assignedUserId: null,
    notes: `Secret call notes ${tag}`,
  };
  const schedule = (subject: string) =>
    act<{ id: string }>(managerSession, "/bo/calls", CALLS, "scheduleCallAction", [
      { ...callFields, subject, scheduledAt: wallTime(2) },
    ]);
  const [updateCall, complete, missed, reschedule, retrySource, cancel] = await Promise.all(
    ["update", "complete", "missed", "reschedule", "retry", "cancel"].map((what) => schedule(`Matrix ${what} ${tag}`)),
  );
  await act(managerSession, "/bo/calls", CALLS, "markCallMissedAction", [
    { id: retrySource!.id, version: 1, outcome: "no_answer", notes: "" },
  ]);
  const logTime = await act<{ id: string }>(managerSession, "/bo/calls", CALLS, "logCallAction", [
    {
      ...callFields,
      projectId: project.id,
      billable: true,
      subject: `Matrix billable ${tag}`,
      startedAt: wallTime(-1),
      duration: "30",
    },
  ]);

  // The public forms, now that 3 s have passed.
  await waitAsAPerson(Math.max(mailToken.loadedAt, applyToken.loadedAt));
  const subject = `Matrix secret subject ${tag}`;
  const messageForm = new FormData();
  for (const [key, value] of Object.entries({
    name: "Matrix Prospect",
    email: `prospect.${tag}@example.com`,
    company: "",
    subject,
    body: "We would like to talk about a project next month.",
    // A call-back request: an unassigned requested call, which anyone may take.
    phone: "01 23 45 67 89",
    wantsCallback: "on",
    formToken: mailToken.token,
    website: "",
  })) {
    messageForm.set(key, value);
  }
  const sent = await callAction(
    anonymous,
    "/mail",
    actionId("src/modules/messages/message-actions.ts", "sendContactMessageAction"),
    [{ message: null, fieldErrors: {}, values: {} }, messageForm],
  );
  if (!sent.redirect?.startsWith("/mail?sent="))
    throw new Error(`the contact message was not accepted: ${sent.body.slice(0, 300)}`);
  const applicantName = `Matrix Applicant ${tag}`;
  const applicantEmail = `applicant.${tag}@secret-applicant.example`;
  // Two applications: the status and the notes actions each get one (each write moves its version).
  for (const name of [applicantName, `${applicantName} bis`]) {
    const applied = await anonymous.post(`/jobs/${slug}/apply`, {
      headers: { accept: "application/json", origin: ORIGIN, "x-forwarded-for": nextAddress() },
      multipart: {
        name,
        email: applicantEmail,
        phone: "",
        coverLetter: `Secret cover letter ${tag}`,
        consent: "on",
        formToken: applyToken.token,
        website: "",
        cv: { name: "cv.pdf", mimeType: "application/pdf", buffer: makePdf() },
      },
    });
    if (applied.status() !== 200)
      throw new Error(`the application was not accepted: ${applied.status()} ${await applied.text()}`);
  }

  const jobPage = await html(admin, `/bo/jobs/${job.id}`);
  const applicationIds = [
    ...jobPage.matchAll(new RegExp(`/bo/jobs/${job.id}/applications/([0-9a-f-]{36})/cv`, "g")),
  ].map((match) => match[1]!);
  if (new Set(applicationIds).size !== 2)
    throw new Error(`expected the two applications' CV links, found ${applicationIds.length}`);
  const [applicationId, otherApplicationId] = [...new Set(applicationIds)];
  const requested = findOne(
    await html(admin, "/bo/calls"),
    new RegExp(`"subject":"${subject}"[\\s\\S]*?"takeable":\\{"id":"([0-9a-f-]{36})","version":(\\d+)\\}`),
    "the requested call's id",
  );
  const messagesPage = await html(admin, "/bo/messages");
  const message = findOne(
    messagesPage,
    new RegExp(`"id":"([0-9a-f-]{36})","version":(\\d+),"status":"new","subject":"${subject}"`),
    "the message's id",
  )!;

  return {
    tag,
    today,
    staff,
    manager,
    victim,
    client: { id: client.id, version: 1, name: clientName, billingEmail },
    spareClient: { id: spareClient.id, version: 1 },
    project: { id: project.id, version: 1, name: projectName },
    spareProject: { id: spareProject.id, version: 1 },
    sheets: { own, approve, bulk, reject, reopen, withdraw, managerDraft, staffDraft },
    expenses: {
      own: ownExpense,
      managerOwn: managerExpense,
      update: updateExpense,
      remove: removeExpense,
      approve: approveExpense,
      reject: rejectExpense,
      reopen: reopenExpense,
    },
    invoices: {
      update: { id: update.id, version: 1 },
      remove: { id: remove.id, version: 1 },
      issue: { id: issue.id, version: 1 },
      issued: { id: toIssue.id, version: issuedVersion, number: issued.number },
      credit: { id: toCredit.id, version: creditVersion, number: credit.number },
      paymentId,
      lineDescription,
    },
    recurring: {
      update: { id: recurringUpdate.id, version: 1 },
      state: { id: recurringState.id, version: 1 },
      run: { id: recurringRun.id, version: 1 },
    },
    quotes: {
      update: { id: quoteUpdate!.id, version: 1 },
      remove: { id: quoteRemove!.id, version: 1 },
      send: { id: quoteSend!.id, version: 1 },
      decide: { id: quoteDecide!.id, version: 2 },
      revise: { id: quoteRevise!.id, version: 2 },
      convert: { id: quoteConvert!.id, version: 3 },
      shared: { id: quoteShared!.id, version: 2 },
      token: quoteLink.url.split("/d/")[1]!,
    },
    email: { id: emailId, attachmentId },
    shareLinks: { token: opened.url.split("/d/")[1]!, revokeId: toRevoke.id },
    job: { id: job.id, version: published.version, slug, title },
    draftJob: { id: draftJob.id, version: 1 },
    application: { id: applicationId!, version: 1, name: applicantName, email: applicantEmail },
    otherApplication: { id: otherApplicationId!, version: 1 },
    message: { id: message[1]!, version: Number(message[2]), subject },
    calls: {
      update: { id: updateCall!.id, version: 1 },
      complete: { id: complete!.id, version: 1 },
      missed: { id: missed!.id, version: 1 },
      reschedule: { id: reschedule!.id, version: 1 },
      retry: { id: retrySource!.id, version: 2 },
      cancel: { id: cancel!.id, version: 1 },
      logTime: { id: logTime.id, version: 1 },
      requested: { id: requested[1]!, version: Number(requested[2]) },
    },
    secrets: [
      clientName,
      projectName,
      billingEmail,
      lineDescription,
      `Secret invoice notes ${tag}`,
      `Secret retainer ${tag}`,
      `Secret quote notes ${tag}`,
      `Secret ref ${tag}`,
      applicantName,
      applicantEmail,
      subject,
      `Secret manager work ${tag}`,
      `Secret call notes ${tag}`,
      victim.email,
    ],
  };
}

/**
 * A monthly recurring invoice valid for createRecurringInvoiceAction, whose first invoice is due
 * tomorrow: the server's own worker makes nothing (no audit event) while the matrix runs.
 */
export function recurringProbe(clientId: string, today: string, name: string) {
  return {
    name,
    clientId,
    currency: "EUR",
    notes: null,
    footer: null,
    lines: [
      {
        description: "Retainer",
        quantity: "1",
        unit: "item",
        unitPrice: "500",
        discount: "",
        taxRateBp: 2000,
        timeEntryIds: [],
      },
    ],
    frequency: "monthly",
    intervalWeeks: "1",
    dayOfPeriod: String(Number(addDays(today, 1).slice(8))),
    startDate: today,
    ending: "never",
    endDate: "",
    occurrenceCount: "",
    issueMode: "issue",
    sendAutomatically: false,
  };
}

/** A draft quote valid for createQuoteAction: one line, valid for a month. */
export function quoteProbe(clientId: string, today: string, notes: string) {
  return {
    clientId,
    currency: "EUR",
    validUntil: addDays(today, 30),
    notes,
    footer: null,
    lines: [
      {
        description: "Proposal",
        quantity: "2",
        unit: "day",
        unitPrice: "650",
        discount: "",
        taxRateBp: 2000,
        timeEntryIds: [],
      },
    ],
  };
}
