// What one operation of the API is: its method and path, the permission (scope) it needs, the zod
// schemas of its path, query and body (the domain's own input schemas), and a handler that calls
// the same queries and mutations as the pages and actions. The router and the OpenAPI document
// both read the same list, so a route cannot exist undocumented (decision 034).
import { z } from "zod";
import type { Database } from "@/db/client";
import type { Permission } from "@/modules/users/permissions";
import type { ApiTokenActor } from "./api-tokens";

export type ApiMethod = "get" | "post" | "patch" | "delete";

export type ApiContext = {
  db: Database;
  actor: ApiTokenActor;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  request: Request;
};

export type ApiResult = { status?: number; json: unknown } | { response: Response };

export type ApiOperation = {
  method: ApiMethod;
  /** OpenAPI path template under /api/v1, e.g. /clients/{id}. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  scope: Permission;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A POST that creates money documents: takes an optional Idempotency-Key header (decision 051). */
  idempotent?: true;
  response: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  handle: (context: ApiContext) => Promise<ApiResult>;
};

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

/** Page paging, strict: a malformed page is a 400 (an API client should learn of its bug). */
export const pagingQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: "1-based page number." }),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Rows per page, at most ${MAX_PAGE_SIZE}.` }),
};

export function pageOf<Row>(rows: Row[], meta: { page: number; pageSize: number; total: number }) {
  const hasMore = meta.page * meta.pageSize < meta.total;
  return {
    data: rows,
    page: meta.page,
    pageSize: meta.pageSize,
    total: meta.total,
    nextPage: hasMore ? meta.page + 1 : null,
  };
}

export function pageSchema(row: z.ZodType) {
  return z.object({
    data: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    nextPage: z.number().int().nullable(),
  });
}
