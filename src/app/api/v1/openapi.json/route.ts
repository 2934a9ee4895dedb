import { buildOpenApiDocument } from "@/modules/api/api-openapi";
import { API_OPERATIONS } from "@/modules/api/api-operations";

// The OpenAPI 3.1 description of /api/v1, public like any API reference (docs/api.md).
export const dynamic = "force-static";

export function GET() {
  return Response.json(buildOpenApiDocument(API_OPERATIONS), { headers: { "cache-control": "public, max-age=300" } });
}
