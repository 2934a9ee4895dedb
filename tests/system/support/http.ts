// Talking to a running server the way the browser does: the sign-in endpoint the sign-in form
// calls, server actions posted like React's client posts them (Next-Action header, arguments in the
// body, the action id from the build's server-reference manifest), and plain HTML forms posted as a
// browser without JavaScript posts them.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./processes";

/** Who is asking: the public address the browser sees (APP_URL), its IP (X-Forwarded-For) and session. */
export type Visitor = { appUrl: string; ip: string; cookie?: string };

/**
 * What a reverse proxy in front of the instances would send: the public origin and host, the
 * client's address. Requests go straight to an instance's port, like a load balancer's would.
 */
export function visitorHeaders(visitor: Visitor, extra: Record<string, string> = {}): Record<string, string> {
  const app = new URL(visitor.appUrl);
  const headers: Record<string, string> = {
    origin: app.origin,
    "x-forwarded-host": app.host,
    "x-forwarded-proto": app.protocol.replace(":", ""),
    "x-forwarded-for": visitor.ip,
    ...extra,
  };
  if (visitor.cookie) headers.cookie = visitor.cookie;
  return headers;
}

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** POST /api/auth/sign-in/email, as the sign-in form does; the cookie on success. */
export async function signIn(
  base: string,
  visitor: Visitor,
  email: string,
  password: string,
): Promise<{ status: number; cookie: string; retryAfter: string | null }> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: visitorHeaders(visitor, { "content-type": "application/json" }),
    body: JSON.stringify({ email, password, rememberMe: true }),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    cookie: response.ok ? cookieFrom(response) : "",
    retryAfter: response.headers.get("retry-after"),
  };
}

/** GET a page; the status, where it redirects to, and the HTML. */
export async function getPage(
  base: string,
  visitor: Visitor,
  pagePath: string,
  timeoutMs = 15_000,
): Promise<{ status: number; location: string | null; html: string; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${base}${pagePath}`, {
    headers: visitorHeaders(visitor),
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const html = await response.text();
  return { status: response.status, location: response.headers.get("location"), html, ms: Date.now() - started };
}

/** The server actions the system tests call, as `file#export` (what the UI's buttons call). */
export const ACTIONS = {
  issueInvoice: "src/modules/invoices/invoice-actions.ts#issueInvoiceAction",
  approveTimesheet: "src/modules/timesheets/timesheet-actions.ts#approveTimesheetAction",
  sendInvoiceEmail: "src/modules/mail/invoice-mail-actions.ts#sendInvoiceEmailAction",
  signOut: "src/modules/auth/auth-actions.ts#signOutAction",
} as const;

let manifest: Map<string, string> | null = null;

/** The id of a server action in the current build: `src/modules/x/x-actions.ts#exportedName`. */
export function actionId(reference: string): string {
  if (!manifest) {
    const file = path.join(ROOT, ".next", "server", "server-reference-manifest.json");
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as {
      node: Record<string, { filename?: string; exportedName?: string }>;
    };
    manifest = new Map(
      Object.entries(parsed.node).map(([id, entry]) => [`${entry.filename}#${entry.exportedName}`, id]),
    );
  }
  const id = manifest.get(reference);
  if (!id) throw new Error(`No server action ${reference} in the build (.next/server/server-reference-manifest.json)`);
  return id;
}

export type ActionAnswer<T> = { status: number; redirect: string | null; result: T | undefined; body: string };

/**
 * Calls a server action the way React's client does from `pagePath` (the page whose UI calls it):
 * POST with the Next-Action header and the arguments as JSON. The result is read from the RSC
 * payload's root row (`0:{"a":"$@1",…}` → row 1).
 */
export async function callAction<T = { ok: boolean; message?: string; data?: unknown }>(
  base: string,
  visitor: Visitor,
  pagePath: string,
  reference: string,
  args: unknown[],
  timeoutMs = 30_000,
): Promise<ActionAnswer<T>> {
  const response = await fetch(`${base}${pagePath}`, {
    method: "POST",
    headers: visitorHeaders(visitor, {
      "next-action": actionId(reference),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
    }),
    body: JSON.stringify(args),
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await response.text();
  return {
    status: response.status,
    redirect: response.headers.get("x-action-redirect"),
    result: actionResultOf<T>(body),
    body,
  };
}

function rowsOf(payload: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of payload.split("\n")) {
    const match = /^([0-9a-f]+):(.*)$/.exec(line);
    if (match) rows.set(match[1]!, match[2]!);
  }
  return rows;
}

function actionResultOf<T>(payload: string): T | undefined {
  const rows = rowsOf(payload);
  const root = rows.get("0");
  if (!root) return undefined;
  try {
    const reference = (JSON.parse(root) as { a?: unknown }).a;
    if (typeof reference !== "string" || !reference.startsWith("$@")) return undefined;
    const row = rows.get(reference.slice(2));
    return row === undefined ? undefined : (JSON.parse(row) as T);
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", apos: "'" };
const decode = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => ENTITIES[name]!);

/** The hidden inputs of the first form in `html` that has one named `mustHave` (Next.js's no-JavaScript action fields, tokens). */
export function hiddenFields(html: string, mustHave: string): Record<string, string> {
  for (const form of html.match(/<form[\s\S]*?<\/form>/g) ?? []) {
    const fields: Record<string, string> = {};
    for (const input of form.match(/<input[^>]*>/g) ?? []) {
      if (!/type="hidden"/.test(input)) continue;
      const name = /name="([^"]*)"/.exec(input)?.[1];
      if (name) fields[decode(name)] = decode(/value="([^"]*)"/.exec(input)?.[1] ?? "");
    }
    if (mustHave in fields) return fields;
  }
  throw new Error(`No form with a hidden field ${mustHave} in the page`);
}

/** Posts a form as a browser without JavaScript does (multipart, no Next-Action header). */
export async function postForm(
  base: string,
  visitor: Visitor,
  pagePath: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; html: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${base}${pagePath}`, {
    method: "POST",
    headers: visitorHeaders(visitor),
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}
