// Calls /api/v1 through its handler, without a server, and makes people who may hold tokens.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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

/**
 * A real HTTP server on a free local port whose /api/v1 is handleApiRequest on this database (what
 * the Next.js route does), for clients that speak HTTP: curl in the documented example.
 */
export async function serveApi(db: Database): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === "string") headers.set(name, value);
      const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const request = new Request(`http://${incoming.headers.host}${incoming.url}`, {
        method: incoming.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      });
      handleApiRequest(db, request)
        .then(async (response) => {
          outgoing.writeHead(response.status, Object.fromEntries(response.headers));
          outgoing.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          // As Next.js would: an unexpected error is a 500 (and fails the example's curl -f).
          console.error(error);
          outgoing.writeHead(500).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
