// What `npm run bench` loads, in order: the framework floor, the pages and routes (reads), then the
// two actions (writes, last, since they change what the pages show), then the floor again.
import { actionHeaders, actionResult } from "./actions";
import type { RequestPlan } from "./load";
import type { Fixtures } from "./prepare";

export type Target = {
  key: string;
  /** What the table shows. */
  label: string;
  /** The app route whose client JavaScript is counted; none for route handlers and actions. */
  route?: string;
  /** "all": the run's connections (10); 1: one request at a time only. */
  connections: "all" | 1;
  timeoutSeconds?: number;
  /**
   * Downloads that take longer than a run: this many requests (one at a time) instead of a timed
   * run, so that each is waited for and counted (a 10 s run cut off a 20 s XLSX and counted nothing).
   */
  requests?: number;
  plan: (origin: string) => RequestPlan;
  /** Sanity check of a single answer before the load (GET targets). */
  preflight?: boolean;
};

/** How many of a small report export are judged (one at a time): see the report exports below. */
export const SMALL_EXPORT_REQUESTS = 5;

export type ActionState = {
  saveTimesheetId: string;
  issueInvoiceId: string;
  encode: (args: unknown[]) => string;
  /** Free draft weeks with their current versions; a request takes one and gives it back. */
  freeWeeks: { id: string; version: number }[];
  /** Drafts not yet issued; each request issues one. */
  drafts: { id: string; version: number }[];
  gridRows: { projectId: string; description: string; billable: boolean; cells: string[] }[];
  failures: { target: string; message: string }[];
  draftsExhausted: boolean;
  /** The administrator's API token (prepare.ts), for the API targets. */
  apiToken: string;
  /** Mondays of the weeks POST /api/v1/time-entries logs into, and how many entries were sent. */
  entryWeeks: string[];
  entriesSent: number;
};

const ERROR_MARKERS = ["Something went wrong", "Digest:", "This page could not be found", "NEXT_HTTP_ERROR_FALLBACK"];

/**
 * A whole HTML page with this text in its <title> (and `text` in it), and no error or not-found
 * fallback in what it shows. The markers are looked for outside the scripts: every page carries the
 * interface's catalog for the browser in its RSC payload (decision 067), and the catalog holds the
 * error page's own words ("Something went wrong", "Digest:").
 */
function page(titlePart: string, text = "") {
  return (body: string) => {
    const title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? "";
    const shown = body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    return (
      body.includes("</html>") &&
      title.includes(titlePart) &&
      body.includes(text) &&
      !ERROR_MARKERS.some((marker) => shown.includes(marker))
    );
  };
}

function get(path: string, cookie: string | undefined, verify: (body: string) => boolean): RequestPlan {
  return { method: "GET", path, headers: cookie ? { cookie } : {}, verify };
}

export function buildTargets(fixtures: Fixtures, cookie: string, actions: ActionState): Target[] {
  const bo = (path: string, title: string, text = "") => get(path, cookie, page(title, text));
  const floor: Target = {
    key: "floor",
    label: "framework floor: /bench-floor",
    route: "/bench-floor",
    connections: "all",
    preflight: true,
    plan: () => get("/bench-floor", undefined, (body) => body.includes("<p>ok</p>")),
  };
  return [
    floor,
    {
      key: "home",
      label: "/",
      route: "/",
      connections: "all",
      preflight: true,
      plan: () => get("/", undefined, page("")),
    },
    {
      key: "jobs",
      label: "/jobs",
      route: "/jobs",
      connections: "all",
      preflight: true,
      plan: () => get("/jobs", undefined, page("Jobs")),
    },
    {
      key: "mail",
      label: "/mail",
      route: "/mail",
      connections: "all",
      preflight: true,
      plan: () => get("/mail", undefined, page("Contact")),
    },
    {
      key: "dashboard",
      label: "/bo (dashboard)",
      route: "/bo",
      connections: "all",
      preflight: true,
      plan: () => bo("/bo", "Dashboard"),
    },
    {
      key: "invoices-first-page",
      label: "/bo/invoices",
      route: "/bo/invoices",
      connections: "all",
      preflight: true,
      plan: () => bo("/bo/invoices", "Invoices"),
    },
    {
      key: "invoices-by-client",
      label: "/bo/invoices?client= (busiest client)",
      route: "/bo/invoices",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/invoices?client=${fixtures.busiestClientId}`, "Invoices"),
    },
    {
      key: "invoices-search-number",
      label: "/bo/invoices?q= (a number)",
      route: "/bo/invoices",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/invoices?q=${encodeURIComponent(fixtures.searchNumber)}`, "Invoices"),
    },
    {
      key: "invoices-overdue",
      label: "/bo/invoices?status=overdue",
      route: "/bo/invoices",
      connections: "all",
      preflight: true,
      plan: () => bo("/bo/invoices?status=overdue", "Invoices"),
    },
    {
      key: "invoice-detail",
      label: "/bo/invoices/{id}",
      route: "/bo/invoices/[id]",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/invoices/${fixtures.issuedInvoiceId}`, "Invoice", fixtures.issuedInvoiceNumber),
    },
    {
      key: "invoice-pdf",
      label: "/bo/invoices/{id}/pdf",
      connections: "all",
      preflight: true,
      plan: () => get(`/bo/invoices/${fixtures.issuedInvoiceId}/pdf`, cookie, (body) => body.startsWith("%PDF-")),
    },
    {
      key: "invoices-csv-overdue",
      label: "/bo/invoices/export?status=overdue",
      connections: "all",
      timeoutSeconds: 60,
      preflight: true,
      plan: () => get("/bo/invoices/export?status=overdue", cookie, csv),
    },
    {
      key: "invoices-csv-all",
      label: "/bo/invoices/export (every invoice), one at a time",
      connections: 1,
      timeoutSeconds: 60,
      preflight: true,
      plan: () => get("/bo/invoices/export", cookie, csv),
    },
    // Issue 24: the reports on a year of the whole firm (the 365 days to the seed's today).
    {
      key: "report-time-year-client",
      label: "/bo/reports, a year of the firm by client",
      route: "/bo/reports",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/reports?group=client&${yearRange(fixtures.today)}`, "Time report"),
    },
    {
      key: "report-time-year-project",
      label: "/bo/reports, a year of the firm by project",
      route: "/bo/reports",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/reports?group=project&${yearRange(fixtures.today)}`, "Time report"),
    },
    {
      key: "report-money-year",
      label: "/bo/reports/money, a year by month",
      route: "/bo/reports/money",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/reports/money?${yearRange(fixtures.today)}`, "Money report"),
    },
    {
      key: "report-journal-year",
      label: "/bo/reports/journal, a year",
      route: "/bo/reports/journal",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/reports/journal?${yearRange(fixtures.today)}`, "Sales journal"),
    },
    {
      key: "report-ageing-today",
      label: "/bo/reports/ageing, every client as of today",
      route: "/bo/reports/ageing",
      connections: "all",
      preflight: true,
      plan: () => bo("/bo/reports/ageing", "Receivables ageing"),
    },
    {
      key: "report-ageing-year-ago",
      label: "/bo/reports/ageing, every client as of a year ago",
      route: "/bo/reports/ageing",
      connections: "all",
      preflight: true,
      plan: () =>
        bo(
          `/bo/reports/ageing?asOf=${yearRange(fixtures.today).slice("from=".length, "from=".length + 10)}`,
          "Receivables ageing",
        ),
    },
    {
      key: "report-utilisation-year",
      label: "/bo/reports/utilisation, a year of everyone",
      route: "/bo/reports/utilisation",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/reports/utilisation?${yearRange(fixtures.today)}`, "Utilisation"),
    },
    {
      key: "report-profitability-year",
      label: "/bo/reports/profitability, a year of every project",
      route: "/bo/reports/profitability",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/reports/profitability?${yearRange(fixtures.today)}`, "Project profitability"),
    },
    {
      key: "report-time-csv-year",
      label: "/bo/reports/export (a year of entries), one at a time",
      connections: 1,
      timeoutSeconds: 120,
      preflight: true,
      plan: () =>
        get(`/bo/reports/export?${yearRange(fixtures.today)}`, cookie, (body) => body.includes("Date,Person,")),
    },
    {
      key: "report-journal-csv-year",
      label: "/bo/reports/journal/export (a year), one at a time",
      connections: 1,
      timeoutSeconds: 120,
      preflight: true,
      plan: () =>
        get(`/bo/reports/journal/export?${yearRange(fixtures.today)}`, cookie, (body) => body.includes("Number,Kind,")),
    },
    // The other reports' exports of a year (issue 24): each must stream, memory flat (budgets.ts).
    // They are small (one row per month, client, person or project) and take 15-50 ms, so a timed
    // run made 200-700 of them back to back, and their memory budget judged the growth of the V8
    // heap to its steady state, not one export: 200 ageing exports one after another took a server
    // from 581 to 744 MB, where it stayed for 600 more (2026-11-28). A few exports, as for the XLSX
    // files below, are judged instead.
    {
      key: "report-money-csv-year",
      label: "/bo/reports/money/export (a year by month), one at a time",
      connections: 1,
      timeoutSeconds: 120,
      requests: SMALL_EXPORT_REQUESTS,
      preflight: true,
      plan: () =>
        get(`/bo/reports/money/export?${yearRange(fixtures.today)}`, cookie, (body) =>
          body.includes("Month,Currency,"),
        ),
    },
    {
      key: "report-ageing-csv",
      label: "/bo/reports/ageing/export (every client as of today), one at a time",
      connections: 1,
      timeoutSeconds: 120,
      requests: SMALL_EXPORT_REQUESTS,
      preflight: true,
      plan: () => get("/bo/reports/ageing/export", cookie, (body) => body.includes("Client,Currency,Invoices,")),
    },
    {
      key: "report-utilisation-csv-year",
      label: "/bo/reports/utilisation/export (a year of everyone), one at a time",
      connections: 1,
      timeoutSeconds: 120,
      requests: SMALL_EXPORT_REQUESTS,
      preflight: true,
      plan: () =>
        get(`/bo/reports/utilisation/export?${yearRange(fixtures.today)}`, cookie, (body) =>
          body.includes("Person,Billable hours,"),
        ),
    },
    {
      key: "report-profitability-csv-year",
      label: "/bo/reports/profitability/export (a year of every project), one at a time",
      connections: 1,
      timeoutSeconds: 120,
      requests: SMALL_EXPORT_REQUESTS,
      preflight: true,
      plan: () =>
        get(`/bo/reports/profitability/export?${yearRange(fixtures.today)}`, cookie, (body) =>
          body.includes("Client,Project,Currency,"),
        ),
    },
    {
      key: "report-time-xlsx-year",
      label: "/bo/reports/export?format=xlsx (a year of entries), one at a time",
      connections: 1,
      timeoutSeconds: 180,
      requests: 2,
      preflight: true,
      plan: () => get(`/bo/reports/export?${yearRange(fixtures.today)}&format=xlsx`, cookie, xlsx),
    },
    {
      key: "report-journal-xlsx-year",
      label: "/bo/reports/journal/export?format=xlsx (a year), one at a time",
      connections: 1,
      timeoutSeconds: 180,
      requests: 2,
      preflight: true,
      plan: () => get(`/bo/reports/journal/export?${yearRange(fixtures.today)}&format=xlsx`, cookie, xlsx),
    },
    {
      key: "timesheets-list",
      label: "/bo/timesheets (everyone's)",
      route: "/bo/timesheets",
      connections: "all",
      preflight: true,
      plan: () => bo("/bo/timesheets", "Timesheets"),
    },
    {
      key: "timesheet-detail",
      label: "/bo/timesheets/{id}",
      route: "/bo/timesheets/[id]",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/timesheets/${fixtures.busiestTimesheetId}`, "Timesheet"),
    },
    {
      key: "calls-todo",
      label: "/bo/calls (To do)",
      route: "/bo/calls",
      connections: "all",
      preflight: true,
      plan: () => bo("/bo/calls", "Calls"),
    },
    {
      key: "calls-todo-person",
      label: "/bo/calls?person=",
      route: "/bo/calls",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/calls?person=${fixtures.callsPersonId}`, "Calls"),
    },
    {
      key: "calls-todo-search",
      label: `/bo/calls?q=${fixtures.callsSearch}`,
      route: "/bo/calls",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/calls?q=${encodeURIComponent(fixtures.callsSearch)}`, "Calls"),
    },
    {
      key: "calls-history",
      label: "/bo/calls?view=history",
      route: "/bo/calls",
      connections: "all",
      preflight: true,
      plan: () => bo("/bo/calls?view=history", "Calls"),
    },
    {
      key: "calls-history-person",
      label: "/bo/calls?view=history&person=",
      route: "/bo/calls",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/calls?view=history&person=${fixtures.callsPersonId}`, "Calls"),
    },
    {
      key: "calls-history-search",
      label: `/bo/calls?view=history&q=${fixtures.callsSearch}`,
      route: "/bo/calls",
      connections: "all",
      preflight: true,
      plan: () => bo(`/bo/calls?view=history&q=${encodeURIComponent(fixtures.callsSearch)}`, "Calls"),
    },
    {
      key: "api-invoices-list",
      label: "GET /api/v1/invoices (first page of 50), API",
      connections: "all",
      preflight: true,
      plan: () => ({
        method: "GET",
        path: "/api/v1/invoices",
        headers: { authorization: `Bearer ${actions.apiToken}` },
        verify: (body) => body.startsWith('{"data":[{'),
      }),
    },
    {
      key: "timesheet-save",
      label: "save a week grid (20 rows × 7 days), action",
      connections: "all",
      plan: (origin) => saveWeek(origin, cookie, actions),
    },
    {
      key: "invoice-issue",
      label: "issue a draft invoice (5 lines), action",
      connections: "all",
      plan: (origin) => issueDraft(origin, cookie, actions),
    },
    {
      key: "api-time-entry-create",
      label: "POST /api/v1/time-entries (one entry), API",
      connections: "all",
      plan: () => createTimeEntry(actions, fixtures.projectIds),
    },
    { ...floor, key: "floor-end", label: "framework floor again, at the end" },
  ];
}

/** The 365 days ending on `today`, as a report's parameters. */
function yearRange(today: string): string {
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 364);
  return `from=${from.toISOString().slice(0, 10)}&to=${today}`;
}

/** An XLSX file is a zip: it starts with "PK". */
const xlsx = (body: string) => body.startsWith("PK");

const csv = (body: string) => body.startsWith("Number,") || body.startsWith("\uFEFFNumber,");

function saveWeek(origin: string, cookie: string, state: ActionState): RequestPlan {
  return {
    method: "POST",
    path: "/bo/timesheets",
    headers: actionHeaders(state.saveTimesheetId, origin, cookie),
    verify: (body) => actionResult(body)?.ok === true,
    perRequest: () => {
      // 40 weeks for at most 10 requests in flight: one is always free.
      const week = state.freeWeeks.shift()!;
      return {
        path: `/bo/timesheets/${week.id}`,
        body: state.encode([{ id: week.id, version: week.version, grid: { rows: state.gridRows }, submit: false }]),
        done: (status, body) => {
          const result = actionResult(body);
          if (status === 200 && result?.ok && result.version) {
            week.version = result.version;
            state.freeWeeks.push(week);
          } else
            state.failures.push({
              target: "timesheet-save",
              message: `HTTP ${status}: ${result?.message ?? body.slice(0, 200)}`,
            });
        },
      };
    },
  };
}

function issueDraft(origin: string, cookie: string, state: ActionState): RequestPlan {
  let lastIssued: { id: string; version: number } | undefined;
  return {
    method: "POST",
    path: "/bo/invoices",
    headers: actionHeaders(state.issueInvoiceId, origin, cookie),
    verify: (body) => actionResult(body)?.ok === true,
    perRequest: () => {
      let draft = state.drafts.shift();
      if (!draft && !lastIssued) throw new Error("no draft invoice was prepared");
      if (!draft) {
        // Out of drafts: issuing an issued one again is refused, and counted as a failure.
        state.draftsExhausted = true;
        draft = lastIssued!;
      }
      lastIssued = draft;
      const { id, version } = draft;
      return {
        path: `/bo/invoices/${id}`,
        body: state.encode([{ id, version }]),
        done: (status, body) => {
          const result = actionResult(body);
          if (status !== 200 || !result?.ok)
            state.failures.push({
              target: "invoice-issue",
              message: `HTTP ${status}: ${result?.message ?? body.slice(0, 200)}`,
            });
        },
      };
    },
  };
}

/** A day of a week as YYYY-MM-DD. */
function dayOf(monday: string, day: number): string {
  return new Date(Date.parse(`${monday}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
}

function createTimeEntry(state: ActionState, projectIds: readonly string[]): RequestPlan {
  return {
    method: "POST",
    path: "/api/v1/time-entries",
    headers: { authorization: `Bearer ${state.apiToken}`, "content-type": "application/json" },
    verify: (body) => {
      try {
        return typeof (JSON.parse(body) as { id?: unknown }).id === "string";
      } catch {
        return false;
      }
    },
    perRequest: () => {
      // Consecutive requests go to different weeks: they do not queue on one week's row lock.
      const sent = state.entriesSent++;
      const week = state.entryWeeks[sent % state.entryWeeks.length]!;
      const day = Math.floor(sent / state.entryWeeks.length) % 7;
      return {
        path: "/api/v1/time-entries",
        body: JSON.stringify({
          date: dayOf(week, day),
          projectId: projectIds[sent % projectIds.length],
          minutes: 1,
          description: "Bench entry (npm run bench)",
          billable: true,
        }),
        done: (status, body) => {
          if (status !== 201)
            state.failures.push({ target: "api-time-entry-create", message: `HTTP ${status}: ${body.slice(0, 200)}` });
        },
      };
    },
  };
}
