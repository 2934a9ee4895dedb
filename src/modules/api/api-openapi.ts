// The OpenAPI 3.1 description of /api/v1, generated from the operations and their zod schemas
// (zod-openapi, on zod 4's own JSON Schema output; decision 034). Never written by hand.
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { API_CODES } from "./api-codes";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, REPLAYED_HEADER } from "./api-idempotency";
import type { ApiOperation } from "./api-operation";

const problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z
      .string()
      .optional()
      .meta({ description: `A stable refusal code, e.g. ${API_CODES.slice(0, 3).join(", ")}.` }),
    errors: z.record(z.string(), z.string()).optional().meta({ description: "A message per field in error." }),
  })
  .meta({ id: "Problem" });

const problemResponse = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: problem } },
});

const rateLimitHeaders = {
  "RateLimit-Limit": z.string().meta({ description: "Requests allowed per token in the current minute." }),
  "RateLimit-Remaining": z.string().meta({ description: "Requests left in the current minute." }),
  "RateLimit-Reset": z.string().meta({ description: "Seconds until the minute's count starts again." }),
};

const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1)
    .max(255)
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .meta({
      description:
        "Optional; 1–255 visible ASCII characters, e.g. a new UUID per intended operation. A retry with the same key and body " +
        "within 24 hours returns the first answer (with `Idempotent-Replayed: true`) and does nothing again.",
    }),
});

function pathParameters(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.uuid()])));
}

export function buildOpenApiDocument(operations: readonly ApiOperation[], serverUrl = "/api/v1") {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const pathParams = pathParameters(operation.path);
    const success = operation.response;
    const object: ZodOpenApiOperationObject = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: [operation.tag],
      description: `Scope: \`${operation.scope}\`.`,
      "x-scope": operation.scope,
      requestParams: {
        ...(pathParams ? { path: pathParams } : {}),
        ...(operation.query ? { query: operation.query } : {}),
        ...(operation.idempotent ? { header: idempotencyHeader } : {}),
      },
      ...(operation.body
        ? { requestBody: { required: true, content: { "application/json": { schema: operation.body } } } }
        : {}),
      responses: {
        [String(success.status)]: {
          description: success.description,
          headers: z.object({
            ...rateLimitHeaders,
            ...(operation.idempotent
              ? {
                  [REPLAYED_HEADER]: z
                    .literal("true")
                    .optional()
                    .meta({
                      description: `Present when this is the stored answer to an earlier request with the same ${IDEMPOTENCY_HEADER}.`,
                    }),
                }
              : {}),
          }),
          ...(success.contentType
            ? { content: { [success.contentType]: { schema: z.string().meta({ format: "binary" }) } } }
            : success.schema
              ? { content: { "application/json": { schema: success.schema } } }
              : {}),
        },
        "400": problemResponse("The query or body is invalid; `errors` names each field."),
        "401": problemResponse("No token, or one unknown, revoked or expired."),
        "403": problemResponse("The token lacks the scope, or the person's role or a rule refuses."),
        "404": problemResponse("Not found."),
        "409": problemResponse(
          operation.idempotent
            ? `Changed by someone else (a stale version), or \`api.idempotency_in_progress\`: a request with the same ${IDEMPOTENCY_HEADER} is still running.`
            : "Changed by someone else (a stale version).",
        ),
        ...(operation.idempotent
          ? {
              "422": problemResponse(
                `\`api.idempotency_key_reused\`: this ${IDEMPOTENCY_HEADER} was used with another body or operation in the last 24 hours.`,
              ),
            }
          : {}),
        "429": {
          ...problemResponse("The token's rate limit (`api.rate_limited`); retry after `Retry-After` seconds."),
          headers: z.object({
            "Retry-After": z.string().meta({ description: "Seconds to wait." }),
            ...rateLimitHeaders,
          }),
        },
      },
    } as ZodOpenApiOperationObject;
    paths[operation.path] = { ...paths[operation.path], [operation.method]: object };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Bureau API",
      version: "1",
      description:
        "JSON over HTTPS with `Authorization: Bearer <token>` (a personal token made on My account). See docs/api.md.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  });
}
