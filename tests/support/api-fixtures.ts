// Calls /api/v1 through its handler, without a server, and makes people who may hold tokens.
import { eq } from "drizzle-orm";
import type { Database } from "../../src/db/client";
import { user } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { type ApiOptions, handleApiRequest } from "../../src/modules/api/api-handler";
import { createUser } from "../../src/modules/users/user-mutations";

export type ApiCallOptions = ApiOptions & { idempotencyKey?: string };

export function apiCall(
  db: Database,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  { idempotencyKey, ...options }: ApiCallOptions = {},
) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  return handleApiRequest(
    db,
    new Request(`http://localhost:3000/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    options,
  );
}

/** A person made by an administrator, who has already chosen their password (else tokens are refused). */
export async function apiPerson(
  db: Database,
  admin: Actor,
  role: "manager" | "staff",
  email: string,
  name = `${role} person`,
): Promise<Actor> {
  const created = await createUser(db, admin, { name, email, role, password: "correct horse battery staple 2" });
  await db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.id));
  return { id: created.id, name: created.name, role };
}
