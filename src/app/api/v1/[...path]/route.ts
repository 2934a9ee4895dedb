import { getDb } from "@/db/client";
import { handleApiRequest } from "@/modules/api/api-handler";

// /api/v1: bearer tokens, not sessions (docs/api.md, decision 034).
export const dynamic = "force-dynamic";

const handle = (request: Request) => handleApiRequest(getDb(), request);

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
