// The transport of /api/v1: a bearer token, its rate limit, the operation's scope, the query and
// body, then the operation; every refusal an RFC 9457 problem (application/problem+json) carrying
// the domain's refusal code. Takes the database first, so tests call it without a server.
import "server-only";
import type { Database } from "@/db/client";
import { type DomainError, httpStatusOf, isDomainError } from "@/lib/errors";
import { fieldErrorsOf } from "@/lib/parse-input";
import { type RateLimitRule, reserveRateLimits } from "@/modules/rate-limits/rate-limit";
import { can } from "@/modules/users/permissions";
import type { ApiCode } from "./api-codes";
import type { ApiOperation } from "./api-operation";
import { API_OPERATIONS } from "./api-operations";
import { authenticateApiToken } from "./api-tokens";

export const API_BASE = "/api/v1";
/** Per token, shared by every server instance (the limits live in the database). */
export const API_RATE_LIMIT: RateLimitRule = { bucket: "api-token", limit: 600, windowMs: 60_000 };
const MAX_BODY_BYTES = 1_000_000;

export type ApiOptions = { rateLimit?: RateLimitRule; operations?: readonly ApiOperation[]; now?: Date };

type Problem = {
  status: number;
  title: string;
  detail?: string;
  code?: string;
  errors?: Record<string, string>;
  headers?: Record<string, string>;
};

export function problemResponse(problem: Problem): Response {
  const { headers, ...body } = problem;
  return new Response(JSON.stringify({ type: "about:blank", ...body }), {
    status: problem.status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...headers },
  });
}

const TITLES: Record<DomainError["kind"], string> = {
  not_found: "Not found",
  forbidden: "Forbidden",
  invalid: "Invalid request",
  conflict: "Conflict",
  rate_limited: "Too many requests",
};

function domainProblem(error: DomainError): Response {
  return problemResponse({
    status: httpStatusOf(error),
    title: TITLES[error.kind],
    detail: error.message,
    code: error.code,
    errors: error.kind === "invalid" && Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : undefined,
    headers: error.kind === "rate_limited" ? { "retry-after": String(error.retryAfterSeconds) } : undefined,
  });
}

const refuse = (status: number, title: string, code: ApiCode, detail: string, headers?: Record<string, string>) =>
  problemResponse({ status, title, code, detail, headers });

function templateRegex(path: string): RegExp {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>[^/]+)");
  return new RegExp(`^${source}$`);
}

const compiled = new WeakMap<readonly ApiOperation[], { operation: ApiOperation; regex: RegExp }[]>();

/** The operation of a method and path, the path's parameters, or why none. */
export function matchOperation(
  operations: readonly ApiOperation[],
  method: string,
  path: string,
): { operation: ApiOperation; params: Record<string, string> } | "not_found" | "method_not_allowed" {
  let table = compiled.get(operations);
  if (!table) {
    table = operations.map((operation) => ({ operation, regex: templateRegex(operation.path) }));
    compiled.set(operations, table);
  }
  let pathMatched = false;
  for (const { operation, regex } of table) {
    const match = regex.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (operation.method === method.toLowerCase()) {
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(match.groups ?? {})) params[name] = decodeURIComponent(value);
      return { operation, params };
    }
  }
  return pathMatched ? "method_not_allowed" : "not_found";
}

async function readBody(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; detail: string }> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { ok: false, detail: "The body is larger than 1 MB." };
  if (text.trim() === "") return { ok: true, body: {} };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type))
    return { ok: false, detail: "Send the body as application/json." };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, detail: "The body is not valid JSON." };
  }
}

export async function handleApiRequest(db: Database, request: Request, options: ApiOptions = {}): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) || "/" : url.pathname;
  const matched = matchOperation(options.operations ?? API_OPERATIONS, request.method, path);
  if (matched === "not_found") return refuse(404, "Not found", "api.not_found", `No operation at ${url.pathname}.`);
  if (matched === "method_not_allowed")
    return refuse(405, "Method not allowed", "api.method_not_allowed", `${request.method} is not allowed here.`);
  const { operation, params } = matched;

  const authorization = request.headers.get("authorization") ?? "";
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const challenge = { "www-authenticate": 'Bearer realm="bureau"' };
  if (!bearer)
    return refuse(401, "Unauthorized", "api.unauthenticated", "Send Authorization: Bearer <token>.", challenge);
  const now = options.now ?? new Date();
  const authenticated = await authenticateApiToken(db, bearer, now);
  if (!authenticated.ok)
    return authenticated.reason === "password_change_required"
      ? refuse(403, "Forbidden", "api.password_change_required", "Choose your own password in the back office first.")
      : refuse(401, "Unauthorized", "api.token_invalid", "This token is unknown, revoked or expired.", challenge);
  const actor = authenticated.actor;

  const rule = options.rateLimit ?? API_RATE_LIMIT;
  const reservation = await db.transaction((tx) => reserveRateLimits(tx, [{ rule, key: actor.tokenId }], now));
  if (!reservation.allowed)
    return refuse(429, "Too many requests", "api.rate_limited", `At most ${rule.limit} requests a minute per token.`, {
      "retry-after": String(reservation.retryAfterSeconds),
    });

  if (!can(actor, operation.scope)) {
    const detail = actor.scopes.includes(operation.scope)
      ? `Your role does not allow ${operation.scope}.`
      : `This token lacks the scope ${operation.scope}.`;
    return refuse(403, "Forbidden", "api.scope_missing", detail);
  }

  let query: unknown = {};
  if (operation.query) {
    const parsed = operation.query.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success)
      return problemResponse({
        status: 400,
        title: "Invalid request",
        detail: "Please correct the query parameters.",
        code: "input.invalid",
        errors: fieldErrorsOf(parsed.error),
      });
    query = parsed.data;
  }
  let body: unknown = undefined;
  if (operation.body) {
    const read = await readBody(request);
    if (!read.ok) return refuse(400, "Invalid request", "api.body_invalid", read.detail);
    body = read.body;
  }

  try {
    const result = await operation.handle({ db, actor, params, query, body, request });
    if ("response" in result) return result.response;
    return new Response(JSON.stringify(result.json), {
      status: result.status ?? operation.response.status,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  } catch (error) {
    // Anything else is a bug: thrown to Next.js and the error reporter, as from a page.
    if (isDomainError(error)) return domainProblem(error);
    throw error;
  }
}
