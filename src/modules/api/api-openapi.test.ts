// The description and the routes agree: every documented operation answers at its path and
// method (a 401 for want of a token, never a 404 or 405), and every operation is documented.
import { describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { handleApiRequest } from "./api-handler";
import { buildOpenApiDocument } from "./api-openapi";
import { API_OPERATIONS } from "./api-operations";
import * as route from "@/app/api/v1/[...path]/route";

const document = buildOpenApiDocument(API_OPERATIONS);
const noDatabase = {} as Database; // a request without a token is answered before any query

describe("the OpenAPI description of /api/v1", () => {
  it("is OpenAPI 3.1 with a bearer scheme", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.components?.securitySchemes).toHaveProperty("bearer");
  });

  it("documents every operation, each once, with its scope", () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ["get", "post", "patch", "put", "delete"].includes(key))
        .map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(
      API_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort(),
    );
    const ids = API_OPERATIONS.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has every documented operation answer at its path and method", async () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of Object.keys(item ?? {}).filter((key) => ["get", "post", "patch", "delete"].includes(key))) {
        const concrete = path.replace(/\{\w+\}/g, "0190a0b0-0000-7000-8000-000000000001");
        const exported = (route as Record<string, unknown>)[method.toUpperCase()];
        expect(exported, `${method} is exported by the route`).toBeTypeOf("function");
        const response = await handleApiRequest(
          noDatabase,
          new Request(`http://localhost/api/v1${concrete}`, { method: method.toUpperCase() }),
        );
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    }
  });

  it("answers 404 and 405 for what it does not document", async () => {
    const unknown = await handleApiRequest(noDatabase, new Request("http://localhost/api/v1/nothing"));
    expect(unknown.status).toBe(404);
    const wrongMethod = await handleApiRequest(
      noDatabase,
      new Request("http://localhost/api/v1/clients", { method: "DELETE" }),
    );
    expect(wrongMethod.status).toBe(405);
  });
});

type DocumentedOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  responses: Record<string, { description?: string; headers?: Record<string, unknown> } | undefined>;
};

describe("idempotency and rate limits in the description", () => {
  const operationsOf = () =>
    Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item ?? {})
        .filter(([key]) => ["get", "post", "patch", "delete"].includes(key))
        .map(([method, operation]) => ({ key: `${method} ${path}`, operation: operation as DocumentedOperation })),
    );

  it("documents the Idempotency-Key header, 409 and 422 on the money POSTs, and on those only", () => {
    const idempotent = API_OPERATIONS.filter((operation) => operation.idempotent).map(
      (operation) => `${operation.method} ${operation.path}`,
    );
    expect(idempotent.sort()).toEqual([
      "post /invoices",
      "post /invoices/{id}/credit-notes",
      "post /invoices/{id}/issue",
      "post /invoices/{id}/payments",
    ]);
    for (const { key, operation } of operationsOf()) {
      const header = (operation.parameters ?? []).find(
        (parameter) => parameter.in === "header" && parameter.name === "Idempotency-Key",
      );
      if (idempotent.includes(key)) {
        expect(header, key).toMatchObject({ schema: { maxLength: 255, minLength: 1 } });
        expect(header?.required ?? false, `${key}: the header is optional`).toBe(false);
        expect(operation.responses["422"]?.description, key).toContain("api.idempotency_key_reused");
        expect(operation.responses["409"]?.description, key).toContain("api.idempotency_in_progress");
      } else {
        expect(header, key).toBeUndefined();
        expect(operation.responses["422"], key).toBeUndefined();
      }
    }
  });

  it("documents 429 with Retry-After and the RateLimit headers on every operation", () => {
    for (const { key, operation } of operationsOf()) {
      expect(Object.keys(operation.responses["429"]?.headers ?? {}), key).toEqual(
        expect.arrayContaining(["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]),
      );
    }
  });
});
