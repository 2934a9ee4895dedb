// The transport of /api/v1: a bearer token, its rate limit, the operation's scope, the query and
// body, then the operation; every refusal an RFC 9457 problem (application/problem+json) carrying
// the domain's refusal code. Takes the database first, so tests call it without a server.
import "server-only";
import type { Database } from "@/db/client";
import { type DomainError, httpStatusOf, isDomainError } from "@/lib/errors";
import { fieldErrorsOf } from "@/lib/parse-input";
import { getConfig } from "@/lib/env";
import { isId } from "@/lib/search-params";
import { countWindowHit, type RateLimitRule } from "@/modules/rate-limits/rate-limit";
import { can } from "@/modules/users/permissions";
import type { ApiCode } from "./api-codes";
import type { ApiOperation } from "./api-operation";
import { bodyHashOf, IDEMPOTENCY_HEADER, isValidIdempotencyKey, runIdempotent } from "./api-idempotency";
import { API_OPERATIONS } from "./api-operations";
import { type ApiTokenActor, authenticateApiToken } from "./api-tokens";

export const API_BASE = "/api/v1";
/** Per token and minute, shared by every server instance (the counts live in the database). */
export function apiRateLimit(): RateLimitRule {
  return { bucket: "api-token", limit: getConfig().apiRateLimitPerMinute, windowMs: 60_000 };
}
const MAX_BODY_BYTES = 1_000_000;

export type ApiOptions = {
  rateLimit?: RateLimitRule;
  operations?: readonly ApiOperation[];
  now?: Date;
  /** How long a retry waits for a concurrent one with the same idempotency key (tests shorten it). */
  idempotencyWaitMs?: number;
};

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

/** The code of a refusal whose rule has none of its own: every problem carries one. */
const KIND_CODES: Record<DomainError["kind"], ApiCode> = {
  not_found: "api.not_found",
  forbidden: "api.forbidden",
  invalid: "api.invalid",
  conflict: "api.conflict",
  rate_limited: "api.rate_limited",
};

function domainProblem(error: DomainError): Response {
  return problemResponse({
    status: httpStatusOf(error),
    title: TITLES[error.kind],
    detail: error.message,
    code: error.code ?? KIND_CODES[error.kind],
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

function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
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
      // A malformed escape (e.g. %E0%A4%A) is kept as sent: it is no id, so the id check refuses it.
      for (const [name, value] of Object.entries(match.groups ?? {})) params[name] = decodeOrKeep(value);
      return { operation, params };
    }
  }
  return pathMatched ? "method_not_allowed" : "not_found";
}

async function readBody(
  request: Request,
): Promise<{ ok: true; body: unknown; text: string } | { ok: false; detail: string }> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { ok: false, detail: "The body is larger than 1 MB." };
  if (text.trim() === "") return { ok: true, body: {}, text };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type))
    return { ok: false, detail: "Send the body as application/json." };
  try {
    return { ok: true, body: JSON.parse(text), text };
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

  // One upsert per request; every answer from here on tells the client where it stands.
  const rule = options.rateLimit ?? apiRateLimit();
  const count = await countWindowHit(db, rule, authenticated.actor.tokenId, now);
  const rateHeaders = {
    "ratelimit-limit": String(count.limit),
    "ratelimit-remaining": String(count.remaining),
    "ratelimit-reset": String(count.resetSeconds),
  };
  if (!count.allowed)
    return refuse(429, "Too many requests", "api.rate_limited", `At most ${rule.limit} requests a minute per token.`, {
      ...rateHeaders,
      "retry-after": String(count.resetSeconds),
    });
  const response = await handleAuthenticated(db, request, url, matched, authenticated.actor, { ...options, now });
  for (const [name, value] of Object.entries(rateHeaders)) response.headers.set(name, value);
  return response;
}

async function handleAuthenticated(
  db: Database,
  request: Request,
  url: URL,
  { operation, params }: { operation: ApiOperation; params: Record<string, string> },
  actor: ApiTokenActor,
  { now, idempotencyWaitMs }: ApiOptions & { now: Date },
): Promise<Response> {
  if (!can(actor, operation.scope)) {
    const detail = actor.scopes.includes(operation.scope)
      ? `Your role does not allow ${operation.scope}.`
      : `This token lacks the scope ${operation.scope}.`;
    return refuse(403, "Forbidden", "api.scope_missing", detail);
  }

  // Every path parameter is a record's id (documented as a UUID): anything else names no record,
  // and would be a cast error in PostgreSQL.
  for (const [name, value] of Object.entries(params))
    if (!isId(value)) return refuse(404, "Not found", "api.not_found", `No record has this ${name}.`);

  const idempotencyKey = operation.idempotent ? request.headers.get(IDEMPOTENCY_HEADER) : null;
  if (idempotencyKey !== null && !isValidIdempotencyKey(idempotencyKey))
    return refuse(
      400,
      "Invalid request",
      "api.idempotency_key_invalid",
      `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters, e.g. a UUID.`,
    );

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
  let bodyText = "";
  if (operation.body) {
    const read = await readBody(request);
    if (!read.ok) return refuse(400, "Invalid request", "api.body_invalid", read.detail);
    body = read.body;
    bodyText = read.text;
  }

  const run = async (executor: Database): Promise<Response> => {
    const result = await operation.handle({ db: executor, actor, params, query, body, request });
    if ("response" in result) return result.response;
    return new Response(JSON.stringify(result.json), {
      status: result.status ?? operation.response.status,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  };

  try {
    if (idempotencyKey === null) return await run(db);
    const outcome = await runIdempotent(
      db,
      {
        userId: actor.id,
        key: idempotencyKey,
        request: `${request.method.toUpperCase()} ${url.pathname}`,
        bodyHash: bodyHashOf(bodyText),
        now,
        waitMs: idempotencyWaitMs,
      },
      run,
    );
    if (outcome.kind === "reused")
      return refuse(
        422,
        "Unprocessable content",
        "api.idempotency_key_reused",
        `This ${IDEMPOTENCY_HEADER} was used for another request (another body or operation) in the last 24 hours; use a new key.`,
      );
    if (outcome.kind === "in_progress")
      return refuse(
        409,
        "Conflict",
        "api.idempotency_in_progress",
        `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry later.`,
        { "retry-after": "1" },
      );
    return outcome.response;
  } catch (error) {
    // Anything else is a bug: thrown to Next.js and the error reporter, as from a page.
    if (isDomainError(error)) return domainProblem(error);
    throw error;
  }
}
