// The OpenAPI 3.1 description of /api/v1, generated from the operations and their zod schemas
// (zod-openapi, on zod 4's own JSON Schema output; decision 034). Never written by hand.
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { API_CODES } from "./api-codes";
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
      },
      ...(operation.body
        ? { requestBody: { required: true, content: { "application/json": { schema: operation.body } } } }
        : {}),
      responses: {
        [String(success.status)]: {
          description: success.description,
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
        "409": problemResponse("Changed by someone else (a stale version)."),
        "429": problemResponse("The token's rate limit; see Retry-After."),
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
