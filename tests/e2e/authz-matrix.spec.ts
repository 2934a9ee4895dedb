// The authorisation matrix (tests/e2e/authz/matrix.ts), called for real: every page, route handler
// and server action × anonymous (without a cookie, and with a forged one), staff, manager, admin.
// Also: every answer carries the security headers; personal data is never cached; server actions
// refuse cross-origin calls; the session cookie's attributes.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { can } from "../../src/modules/users/permissions";
import { ADMIN, expect, test } from "./fixtures";
import {
  actionId,
  callAction,
  type ActionAnswer,
  nextAddress,
  once,
  ORIGIN,
  serverActions,
  SESSION_COOKIE,
  signInOverApi,
} from "./authz/http";
import { type ActionRow, FORBIDDEN_MESSAGE, MATRIX, type Outcome, rowName } from "./authz/matrix";
import {
  createPendingAdmin,
  formTokenOf,
  newSessions,
  ROLES,
  type Role,
  type Seed,
  seedMatrix,
  type Sessions,
  waitAsAPerson,
} from "./authz/seed";

// ---------------------------------------------------------------------------------------
// The table covers the code: pages, route handlers (each exported method), "use server" exports.

function filesUnder(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The HTTP methods a route handler exports (`export async function GET`, `export { x as POST }`, `export const GET =`). */
function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:async\s+)?(?:function|const|let)\s+([A-Z]+)\b/g))
    names.add(match[1]!);
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(","))
      names.add(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
  }
  return [...names].filter((name) => HTTP_METHODS.includes(name));
}

/** The functions a "use server" file exports (types are not actions). */
function exportedActions(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:async\s+)?function\s+(\w+)/g)) names.add(match[1]!);
  for (const match of source.matchAll(/export\s+const\s+(\w+)\s*=/g)) names.add(match[1]!);
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(","))
      if (!/^\s*type\s/.test(part) && part.trim())
        names.add(
          part
            .trim()
            .split(/\s+as\s+/)
            .pop()!
            .trim(),
        );
  }
  return [...names];
}

const isUseServerFile = (source: string) =>
  /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*["']use server["']/.test(source);

function codeInventory() {
  const all = filesUnder("src").map((file) => file.split(path.sep).join("/"));
  const pages = all.filter((file) => file.startsWith("src/app/") && /\/page\.(tsx|ts|jsx|js)$/.test(file));
  const routes = all
    .filter((file) => file.startsWith("src/app/") && /\/route\.(ts|js)$/.test(file))
    .flatMap((file) => exportedMethods(fs.readFileSync(file, "utf8")).map((method) => `${method} ${file}`));
  const actions = all
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .flatMap((file) => {
      const source = fs.readFileSync(file, "utf8");
      return isUseServerFile(source) ? exportedActions(source).map((name) => `${file}#${name}`) : [];
    });
  return { pages, routes, actions };
}

test.describe("authorisation matrix: the table", () => {
  test("every page, route handler method and server action has a row; every row names something that exists", () => {
    const code = codeInventory();
    const rows = {
      pages: MATRIX.filter((row) => row.kind === "page").map((row) => row.file),
      routes: MATRIX.filter((row) => row.kind === "route").map((row) => `${row.method} ${row.file}`),
      actions: MATRIX.filter((row) => row.kind === "action").map((row) => `${row.file}#${row.name}`),
    };
    for (const kind of ["pages", "routes", "actions"] as const) {
      expect(code[kind].length, `no ${kind} found: is the working directory the project?`).toBeGreaterThan(0);
      expect(
        code[kind].filter((item) => !rows[kind].includes(item)),
        `${kind} without a row in tests/e2e/authz/matrix.ts`,
      ).toEqual([]);
      expect(
        [...new Set(rows[kind])].filter((item) => !code[kind].includes(item)),
        `rows of tests/e2e/authz/matrix.ts naming ${kind} that do not exist`,
      ).toEqual([]);
    }
    // Each action row can be called (the build registered it), except those no page uses, which
    // nobody can call; one that gets used must have its row completed.
    const built = new Set(serverActions().map((entry) => `${entry.file}#${entry.name}`));
    const actionRows = MATRIX.filter((row): row is ActionRow => row.kind === "action");
    const unreferenced = new Set(actionRows.filter((row) => row.unreferenced).map((row) => `${row.file}#${row.name}`));
    expect(
      rows.actions.filter((item) => !unreferenced.has(item) && !built.has(item)),
      "actions missing from .next/server/server-reference-manifest.json (rebuild)",
    ).toEqual([]);
    expect(
      [...unreferenced].filter((item) => built.has(item)),
      "actions marked unreferenced that the build now exposes",
    ).toEqual([]);
  });
});

test.describe("authorisation matrix: the table and the permission map", () => {
  test("a row that names a permission refuses and allows staff, managers and admins as the map says", () => {
    const checked = MATRIX.filter((row) => row.permission !== undefined);
    expect(checked.length, "rows naming the permission they exercise").toBeGreaterThan(40);
    const disagreements = checked.flatMap((row) =>
      (["staff", "manager", "admin"] as const)
        .filter((role) => row.expect[role].allowed !== can({ role }, row.permission!))
        .map(
          (role) =>
            `${rowName(row)}: ${role} ${row.expect[role].allowed ? "allowed" : "refused"} here, ` +
            `but the map ${can({ role }, row.permission!) ? "gives" : "does not give"} them ${row.permission}`,
        ),
    );
    expect(disagreements).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// Checks shared by every answer.

const NEXT_LOGIN = (target: string) => `/bo/login?next=${encodeURIComponent(target)}`;

/** The security headers every answer carries (src/proxy.ts; HSTS because the server runs in production). */
function headerProblems(headers: Record<string, string>): string[] {
  const problems: string[] = [];
  const csp = headers["content-security-policy"] ?? "";
  const directives = new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map((parts) => [parts[0]!.toLowerCase(), parts.slice(1)]),
  );
  const scripts = directives.get("script-src") ?? (directives.has("script-src") ? [] : directives.get("default-src"));
  if (!csp) problems.push("no Content-Security-Policy");
  else {
    if (!scripts) problems.push(`CSP without script-src nor default-src: ${csp}`);
    else if (scripts.includes("'unsafe-inline'")) problems.push(`CSP allows inline scripts: ${csp}`);
    else if (
      !(scripts.length === 1 && scripts[0] === "'none'") &&
      !scripts.some((source) => source.startsWith("'nonce-"))
    )
      problems.push(`CSP scripts neither 'none' nor nonce-bound: ${csp}`);
    if ((directives.get("frame-ancestors") ?? []).join(" ") !== "'none'")
      problems.push(`CSP without frame-ancestors 'none': ${csp}`);
  }
  if (headers["x-content-type-options"] !== "nosniff")
    problems.push(`X-Content-Type-Options: ${headers["x-content-type-options"]}`);
  if (
    !["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(
      headers["referrer-policy"] ?? "",
    )
  )
    problems.push(`Referrer-Policy: ${headers["referrer-policy"]}`);
  const hsts = /max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "");
  if (!hsts || Number(hsts[1]) < 31_536_000)
    problems.push(`Strict-Transport-Security: ${headers["strict-transport-security"]}`);
  return problems;
}

/** Back-office answers, and what the session endpoints answer, are never stored by a cache. */
function cacheProblems(url: string, status: number, headers: Record<string, string>): string[] {
  const personal = /^\/(bo|d)(\/|$|\?)/.test(url)
    ? status < 300 || status >= 400
    : /^\/api\/auth\//.test(url) && status < 300;
  if (!personal) return [];
  const value = (headers["cache-control"] ?? "").toLowerCase();
  const safe = value.includes("no-store") || (value.includes("private") && value.includes("no-cache"));
  return safe ? [] : [`Cache-Control "${value}" on ${status}`];
}

function leaks(body: string, seed: Seed): string[] {
  return seed.secrets.filter((secret) => body.includes(secret));
}

function locationPath(response: APIResponse): string | null {
  const location = response.headers()["location"];
  if (!location) return null;
  const url = new URL(location, ORIGIN);
  return url.origin === ORIGIN ? url.pathname + url.search : location;
}

type Who = Role | "forged";

function requestProblems(url: string, outcome: Outcome, response: APIResponse, body: string, seed: Seed): string[] {
  const problems = [
    ...headerProblems(response.headers()),
    ...cacheProblems(url, response.status(), response.headers()),
  ];
  const status = response.status();
  if (outcome.allowed) {
    if ("status" in outcome) {
      if (status !== outcome.status) problems.push(`expected ${outcome.status}, got ${status}`);
      if (outcome.redirectTo && locationPath(response) !== outcome.redirectTo)
        problems.push(`expected a redirect to ${outcome.redirectTo}, got ${locationPath(response)}`);
    }
    if ("statuses" in outcome && !outcome.statuses.includes(status))
      problems.push(`expected one of ${outcome.statuses.join(", ")}, got ${status}`);
    return problems;
  }
  switch (outcome.refusal) {
    case "login":
      if (![303, 307].includes(status) || locationPath(response) !== NEXT_LOGIN(url))
        problems.push(`expected a redirect to ${NEXT_LOGIN(url)}, got ${status} ${locationPath(response)}`);
      break;
    case "403-page":
      if (status !== 403 || !body.includes("Access denied")) problems.push(`expected the 403 page, got ${status}`);
      break;
    case "status":
      if (status !== outcome.status) problems.push(`expected ${outcome.status}, got ${status}`);
      break;
    default:
      problems.push(`a page or route cannot answer ${outcome.refusal}`);
  }
  const leaked = leaks(body, seed);
  if (leaked.length > 0) problems.push(`the refusal shows data: ${leaked.join(", ")}`);
  return problems;
}

/** An ActionResult that says "you may not" (the ForbiddenError messages of the actions and mutations). */
function isPermissionRefusal(result: unknown): boolean {
  const message = (result as { ok?: boolean; message?: unknown } | undefined)?.message;
  if ((result as { ok?: boolean }).ok !== false || typeof message !== "string") return false;
  return (
    message === FORBIDDEN_MESSAGE ||
    /^You can only |^Only (administrators|managers|a manager|the person whose)\b/.test(message)
  );
}

function actionProblems(who: Who, pagePath: string, outcome: Outcome, answer: ActionAnswer, seed: Seed): string[] {
  const problems = headerProblems(answer.response.headers());
  const refusedAnonymously = who === "anonymous" && !outcome.allowed && outcome.refusal === "login";
  if (!refusedAnonymously) problems.push(...cacheProblems(pagePath, answer.status, answer.response.headers()));
  if (outcome.allowed) {
    if (!("action" in outcome)) return [...problems, "an action row needs an action outcome"];
    if (outcome.action === "redirect") {
      if (answer.redirect !== outcome.redirectTo)
        problems.push(
          `expected the action to redirect to ${outcome.redirectTo}, got ${answer.status} ${answer.redirect}`,
        );
      return problems;
    }
    if (answer.status !== 200 || answer.redirect || answer.result === undefined)
      problems.push(`expected a result, got ${answer.status} redirect=${answer.redirect} ${answer.body.slice(0, 200)}`);
    else if (isPermissionRefusal(answer.result))
      problems.push(`refused although allowed: ${JSON.stringify(answer.result)}`);
    return problems;
  }
  switch (outcome.refusal) {
    case "login":
      if (who === "anonymous") {
        // No cookie: the proxy's optimistic redirect, before any action code runs.
        if (answer.status !== 307 || locationPath(answer.response) !== NEXT_LOGIN(pagePath))
          problems.push(
            `expected the proxy's redirect to ${NEXT_LOGIN(pagePath)}, got ${answer.status} ${locationPath(answer.response)}`,
          );
      } else if (answer.redirect !== NEXT_LOGIN(pagePath)) {
        problems.push(
          `expected the action to redirect to ${NEXT_LOGIN(pagePath)}, got ${answer.status} redirect=${answer.redirect} ${answer.body.slice(0, 200)}`,
        );
      }
      break;
    case "forbidden-result": {
      const expected = { ok: false, message: outcome.message, ...(outcome.code ? { code: outcome.code } : {}) };
      if (answer.status !== 200 || JSON.stringify(answer.result) !== JSON.stringify(expected)) {
        problems.push(
          `expected ${JSON.stringify(expected)}, got ${answer.status} ${JSON.stringify(answer.result) ?? answer.body.slice(0, 200)}`,
        );
      }
      break;
    }
    default:
      problems.push(`an action cannot answer ${outcome.refusal}`);
  }
  // A refusal to sign in carries the sign-in page's Flight data, never the data of the page asked for.
  const leaked = leaks(answer.body, seed);
  if (leaked.length > 0) problems.push(`the refusal shows data: ${leaked.join(", ")}`);
  return problems;
}

/** The audit log's total: every write of Bureau records one event in the same transaction. */
async function auditTotal(admin: APIRequestContext): Promise<number> {
  const response = await once(() => admin.get("/bo/audit", { headers: { "x-forwarded-for": nextAddress() } }));
  const text = (await response.text()).replaceAll("<!-- -->", "");
  // The pager's "1,234 events · page 1 of 25" (src/components/list/pager.tsx).
  const match = /([\d,]+) events? · page/.exec(text);
  if (!match) throw new Error(`no total on /bo/audit (${response.status()})`);
  return Number(match[1]!.replaceAll(",", ""));
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let index = 0; index < items.length; index += size)
    await Promise.all(items.slice(index, index + size).map(work));
}

// ---------------------------------------------------------------------------------------

test.describe("authorisation matrix: every cell called for real", () => {
  let sessions: Sessions;
  let seed: Seed;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(90_000);
    sessions = await newSessions(playwright);
    seed = await seedMatrix(sessions);
  });

  test.afterAll(async () => {
    await Promise.all(Object.values(sessions ?? {}).map((context) => context.dispose()));
  });

  test("pages and route handlers answer each role as the table says, with security headers, never cached, no data in a refusal", async () => {
    test.setTimeout(90_000);
    const problems: string[] = [];
    const calls = MATRIX.flatMap((row) =>
      row.kind === "action" ? [] : [...ROLES, "forged" as const].map((who) => ({ row, who })),
    );
    await inBatches(calls, 6, async ({ row, who }) => {
      const url = row.path(seed);
      const outcome: Outcome =
        who === "forged" ? ((row.kind === "route" ? row.forged : undefined) ?? row.expect.anonymous) : row.expect[who];
      const request = sessions[who];
      const method = row.kind === "route" ? row.method : "GET";
      const options = {
        method,
        maxRedirects: 0,
        headers: { "x-forwarded-for": nextAddress(), origin: ORIGIN, ...(row.kind === "route" ? row.headers : {}) },
        ...(row.kind === "route" && row.data ? { data: row.data(seed) } : {}),
        ...(row.kind === "route" && row.multipart ? { multipart: row.multipart(seed) } : {}),
      };
      const response = await once(() => request.fetch(url, options));
      const body = await response.text();
      for (const problem of requestProblems(url, outcome, response, body, seed))
        problems.push(`${rowName(row)} as ${who} (${method} ${url}): ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  test("server actions: refused roles get the sign-in redirect or the forbidden result and nothing is written; allowed roles get through", async ({
    playwright,
  }) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    const credentials: Record<Exclude<Role, "anonymous">, { email: string; password: string }> = {
      staff: seed.staff,
      manager: seed.manager,
      admin: ADMIN,
    };
    const rows = MATRIX.filter((item): item is ActionRow => item.kind === "action" && !item.unreferenced).map(
      (row) => ({
        row,
        id: actionId(row.file, row.name),
        pagePath: row.page(seed),
        forged: row.forged ?? row.expect.anonymous,
      }),
    );
    const report = (row: ActionRow, pagePath: string, who: string, list: string[]) =>
      problems.push(...list.map((problem) => `${rowName(row)} as ${who} from ${pagePath}: ${problem}`));

    // 1. Every refusal, with probes that would write: the audit log must not move.
    const before = await auditTotal(sessions.admin);
    const refusals = rows.flatMap(({ row, id, pagePath, forged }) => [
      ...ROLES.filter((role) => !row.expect[role].allowed).map((who) => ({
        row,
        id,
        pagePath,
        who: who as Who,
        outcome: row.expect[who],
      })),
      ...(forged.allowed ? [] : [{ row, id, pagePath, who: "forged" as Who, outcome: forged }]),
    ]);
    await inBatches(refusals, 4, async ({ row, id, pagePath, who, outcome }) => {
      report(
        row,
        pagePath,
        who,
        actionProblems(who, pagePath, outcome, await callAction(sessions[who], pagePath, id, row.args(seed)), seed),
      );
    });
    const after = await auditTotal(sessions.admin);
    if (after !== before) {
      const audit = (await (await sessions.admin.get("/bo/audit")).text()).replaceAll("<!-- -->", "");
      problems.push(
        `refused calls wrote: the audit log moved from ${before} to ${after}; newest events: ${audit
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .slice(0, 600)}`,
      );
    }

    // 2. The allowed roles, row by row in the table's order (admin first: the probe must work).
    for (const { row, id, pagePath, forged } of rows) {
      // Signing out a forged session is harmless: it only clears the cookie and goes to sign-in.
      if (forged.allowed)
        report(
          row,
          pagePath,
          "forged",
          actionProblems(
            "forged",
            pagePath,
            forged,
            await callAction(sessions.forged, pagePath, id, row.args(seed)),
            seed,
          ),
        );
      const allowed = (["admin", "manager", "staff", "anonymous"] as const).filter((role) => row.expect[role].allowed);
      for (const [index, role] of allowed.entries()) {
        let request = sessions[role];
        let fresh: APIRequestContext | undefined;
        if (row.freshSession && role !== "anonymous") {
          fresh = await playwright.request.newContext({ baseURL: ORIGIN });
          await signInOverApi(fresh, credentials[role].email, credentials[role].password);
          request = fresh;
        }
        const answer = await callAction(request, pagePath, id, row.args(seed));
        report(row, pagePath, role, actionProblems(role, pagePath, row.expect[role], answer, seed));
        if (
          index === 0 &&
          row.probeSucceeds !== false &&
          !row.freshSession &&
          (answer.result as { ok?: boolean } | undefined)?.ok !== true
        ) {
          report(row, pagePath, role, [
            `the probe should succeed for the first allowed role (else its refusals prove nothing): ${JSON.stringify(answer.result) ?? answer.body.slice(0, 200)}`,
          ]);
        }
        if (fresh) {
          // Signed out on the server: the same cookie no longer opens the back office.
          const after = await fresh.get("/bo", { maxRedirects: 0 });
          if (after.status() !== 307 || locationPath(after) !== NEXT_LOGIN("/bo"))
            report(row, pagePath, role, [`the session still works after signing out (${after.status()})`]);
          await fresh.dispose();
        }
      }
    }
    expect(problems).toEqual([]);
  });

  // Security review, finding b: a person whose password an administrator set must choose their own
  // first. Before, only the shell layout redirected them, so an RSC request, every route handler and
  // every server action worked. The person here is an administrator (who could otherwise do all).
  test("a person who must choose a password is sent to My account by every back-office page and refused by every route and action", async ({
    playwright,
  }) => {
    test.setTimeout(180_000);
    const MESSAGE = "Choose your own password first: open My account (your password was set by an administrator).";
    const pending = await playwright.request.newContext({ baseURL: ORIGIN });
    const person = await createPendingAdmin(sessions.admin, pending, seed.tag);
    const problems: string[] = [];
    const isBackOffice = (url: string) => url === "/bo" || (url.startsWith("/bo/") && !url.startsWith("/bo/login"));

    for (const row of MATRIX) {
      if (row.kind === "action") continue;
      const url = row.path(seed);
      // better-auth's own endpoints (sign-in, sign-out) are not the back office's guards.
      if (url.startsWith("/api/auth/")) continue;
      const method = row.kind === "route" ? row.method : "GET";
      const response = await once(() =>
        pending.fetch(url, {
          method,
          maxRedirects: 0,
          headers: { "x-forwarded-for": nextAddress(), origin: ORIGIN, ...(row.kind === "route" ? row.headers : {}) },
          ...(row.kind === "route" && row.data ? { data: row.data(seed) } : {}),
          ...(row.kind === "route" && row.multipart ? { multipart: row.multipart(seed) } : {}),
        }),
      );
      const body = await response.text();
      let outcome: Outcome = row.expect.admin;
      if (row.kind === "page" && isBackOffice(url))
        outcome = url.startsWith("/bo/account")
          ? { allowed: true, status: 200 }
          : { allowed: true, status: 307, redirectTo: "/bo/account?required=1" };
      else if (row.kind === "route" && (isBackOffice(url) || url === "/api/sentry-example-api"))
        outcome = { allowed: false, refusal: "status", status: 403 };
      for (const problem of requestProblems(url, outcome, response, body, seed))
        problems.push(`${rowName(row)} (${method} ${url}): ${problem}`);
      if (outcome.allowed && "status" in outcome && outcome.status === 307 && leaks(body, seed).length > 0)
        problems.push(`${rowName(row)} (${method} ${url}): the redirect shows data`);
    }

    // An RSC request for a page, saying the shell layout is already on the client (so the layout
    // does not run): the page itself must refuse, and send no data.
    const rscHeaders = {
      rsc: "1",
      "next-router-state-tree": encodeURIComponent(
        JSON.stringify(["", { children: ["bo", { children: ["(shell)", { children: ["__PAGE__", {}] }] }] }]),
      ),
      "x-forwarded-for": nextAddress(),
    };
    let rsc = await pending.get(`/bo/invoices/${seed.invoices.issued.id}`, { maxRedirects: 0, headers: rscHeaders });
    // Next.js first sends an RSC request to the same address with its cache-busting `_rsc` parameter.
    const busted = rsc.headers()["location"];
    if (rsc.status() === 307 && busted?.includes("_rsc="))
      rsc = await pending.get(busted, { maxRedirects: 0, headers: rscHeaders });
    const rscBody = await rsc.text();
    if (leaks(rscBody, seed).length > 0)
      problems.push(`the RSC request shows data: ${leaks(rscBody, seed).join(", ")}`);
    if (
      !`${rsc.headers()["location"] ?? ""} ${rsc.headers()["x-nextjs-redirect"] ?? ""} ${rscBody}`.includes(
        "/bo/account",
      )
    )
      problems.push(
        `the RSC request is not sent to /bo/account (${rsc.status()} ${JSON.stringify(rsc.headers())} ${rscBody.slice(0, 300)})`,
      );

    // Every action but those of the account's own security (choosing a password, setting up the
    // second factor, the sign-in address) is refused, and nothing is written.
    const HELD_MAY = [
      "changeOwnPasswordAction",
      "beginTwoFactorSetupAction",
      "confirmTwoFactorSetupAction",
      "disableTwoFactorAction",
      "regenerateRecoveryCodesAction",
      "requestEmailChangeAction",
      "setOwnLanguageAction",
      "verifySecondFactorAction",
    ];
    const before = await auditTotal(sessions.admin);
    const actionRows = MATRIX.filter(
      (item): item is ActionRow => item.kind === "action" && !item.unreferenced && !item.freshSession,
    );
    for (const row of actionRows) {
      const pagePath = row.page(seed);
      const answer = await callAction(pending, pagePath, actionId(row.file, row.name), row.args(seed));
      // The public site's actions ask for no session: they answer as they would anyone.
      const outcome: Outcome = row.expect.anonymous.allowed
        ? row.expect.admin
        : HELD_MAY.includes(row.name)
          ? { allowed: true, action: "result" }
          : { allowed: false, refusal: "forbidden-result", message: MESSAGE };
      problems.push(
        ...actionProblems("admin", pagePath, outcome, answer, seed).map(
          (problem) => `${rowName(row)} from ${pagePath}: ${problem}`,
        ),
      );
    }
    const after = await auditTotal(sessions.admin);
    if (after !== before) problems.push(`refused calls wrote: the audit log moved from ${before} to ${after}`);

    // Signing out still works, and so does choosing a password, after which everything is open.
    const signOut = await callAction(
      pending,
      "/bo/account",
      actionId("src/modules/auth/auth-actions.ts", "signOutAction"),
      [],
    );
    if (signOut.redirect !== "/bo/login")
      problems.push(`sign-out: expected a redirect to /bo/login, got ${signOut.redirect}`);
    await signInOverApi(pending, person.email, person.password);
    const chosen = "pending admin chose this passphrase";
    const changed = await callAction(
      pending,
      "/bo/account",
      actionId("src/modules/users/user-actions.ts", "changeOwnPasswordAction"),
      [{ currentPassword: person.password, newPassword: chosen, confirmPassword: chosen }],
    );
    if ((changed.result as { ok?: boolean } | undefined)?.ok !== true)
      problems.push(`changing the password failed: ${JSON.stringify(changed.result)}`);
    const open = await pending.get("/bo/users", { maxRedirects: 0, headers: { "x-forwarded-for": nextAddress() } });
    if (open.status() !== 200) problems.push(`after choosing a password /bo/users answered ${open.status()}`);
    await pending.dispose();
    expect(problems).toEqual([]);
  });

  test("a server action, or a sign-in, from another origin is refused and writes nothing, with or without JavaScript", async () => {
    const before = await auditTotal(sessions.admin);
    const name = `Cross-origin Client ${seed.tag}`;
    const evil = await callAction(
      sessions.admin,
      "/bo/clients",
      actionId("src/modules/clients/client-actions.ts", "createClientAction"),
      [{ name, currency: "EUR", paymentTermsDays: "30" }],
      {
        origin: "https://evil.example",
      },
    );
    expect(evil.status).toBe(500);
    expect(evil.errorDigest, "the action's promise is rejected").toBeTruthy();
    expect(evil.body).not.toContain(name);
    expect(headerProblems(evil.response.headers())).toEqual([]);

    // The no-JavaScript form of /mail (a plain multipart POST, the classic CSRF vector) from another site.
    const { token, loadedAt } = await formTokenOf(sessions.anonymous, "/mail");
    const formPage = await (await sessions.anonymous.get("/mail")).text();
    const hidden = Object.fromEntries(
      [...formPage.matchAll(/<input type="hidden" name="(\$ACTION_[^"]+)"(?: value="([^"]*)")?/g)].map((match) => [
        match[1]!,
        (match[2] ?? "").replaceAll("&quot;", '"'),
      ]),
    );
    expect(Object.keys(hidden).length, "the form's hidden action fields").toBeGreaterThan(0);
    await waitAsAPerson(loadedAt);
    const subject = `Cross-origin message ${seed.tag}`;
    const fields = {
      ...hidden,
      name: "Mallory",
      email: "mallory@evil.example",
      company: "",
      subject,
      body: "This message was posted by another web site.",
      phone: "",
      formToken: token,
      website: "",
    };
    const forged = await sessions.anonymous.post("/mail", {
      multipart: fields,
      maxRedirects: 0,
      headers: { origin: "https://evil.example", "x-forwarded-for": nextAddress() },
    });
    expect(forged.status()).toBe(500);
    // The same form from Bureau's own origin goes through, so the refusal above is about the origin.
    const genuine = await sessions.anonymous.post("/mail", {
      multipart: { ...fields, subject: `${subject} (same origin)` },
      maxRedirects: 0,
      headers: { origin: ORIGIN, "x-forwarded-for": nextAddress() },
    });
    expect(genuine.status()).toBe(303);
    expect(locationPath(genuine)).toMatch(/^\/mail\?sent=1$/);

    const messages = await (await sessions.admin.get("/bo/messages")).text();
    expect(messages).toContain(`${subject} (same origin)`);
    expect(messages.replaceAll(`${subject} (same origin)`, "")).not.toContain(subject);
    const clients = await (await sessions.admin.get(`/bo/clients?q=${encodeURIComponent(name)}`)).text();
    expect(clients).toContain("No client matches this search");
    // The genuine message is the only write (its receipt is audited).
    expect(await auditTotal(sessions.admin)).toBe(before + 1);

    // Signing in from another site (login CSRF) is refused by better-auth's origin check, whether
    // the browser already holds a cookie or it is a cross-site form navigation.
    const credentials = { email: seed.staff.email, password: seed.staff.password };
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example", cookie: "theme=dark" },
      {
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      },
    ];
    for (const headers of crossSite) {
      const signIn = await sessions.anonymous.post("/api/auth/sign-in/email", {
        headers: { ...headers, "x-forwarded-for": nextAddress() },
        data: credentials,
        maxRedirects: 0,
      });
      expect(signIn.status(), JSON.stringify(headers)).toBe(403);
      expect(signIn.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie")).toEqual([]);
    }
  });

  test("the session cookie is HttpOnly, SameSite=Lax, for the whole site, 7 days (Secure in production over HTTPS: tests/integration)", async ({
    playwright,
  }) => {
    const fresh = await playwright.request.newContext({ baseURL: ORIGIN });
    const response = await fresh.post("/api/auth/sign-in/email", {
      headers: { origin: ORIGIN, "x-forwarded-for": nextAddress() },
      data: { email: seed.staff.email, password: seed.staff.password },
    });
    expect(response.status()).toBe(200);
    const cookie =
      response
        .headersArray()
        .find((header) => header.name.toLowerCase() === "set-cookie" && header.value.startsWith(`${SESSION_COOKIE}=`))
        ?.value ?? "";
    const attributes = cookie
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain(`max-age=${7 * 24 * 3600}`);
    // The browser tests run over plain http, where a Secure cookie would never come back.
    expect(attributes).not.toContain("secure");
    await fresh.dispose();
  });
});
