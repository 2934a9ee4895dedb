import { setDatabaseHandle } from "../../src/db/client";
import { resetAuthForTests } from "../../src/lib/auth";
import type { Actor } from "../../src/modules/audit/audit-log";
import type { Database } from "../../src/db/client";
import { createFirstAdmin, createUser } from "../../src/modules/users/user-mutations";
import { createTestDatabase, type TestDatabase } from "./test-db";
import { clientAddressHeader } from "../../src/lib/request";

export const ADMIN_PASSWORD = "correct horse battery staple";

/** A fresh database made the process's database, with its first administrator. */
export async function setUpDatabase(): Promise<{ database: TestDatabase; admin: Actor & { email: string } }> {
  const database = await createTestDatabase();
  setDatabaseHandle(database);
  resetAuthForTests();
  const created = await createFirstAdmin(database.db, {
    email: "admin@example.com",
    password: ADMIN_PASSWORD,
    generated: false,
  });
  if (!created) throw new Error("the test database already had users");
  return { database, admin: { id: created.id, name: created.name, role: "admin", email: created.email } };
}

/** A user the admin creates, named `name`, with the address made of it ("Sam Staff" → sam.staff@example.com). */
export async function createNamedUser(
  db: Database,
  admin: Actor,
  role: "staff" | "manager",
  name: string,
): Promise<Actor & { email: string }> {
  const email = `${name.toLowerCase().replace(/\s/g, ".")}@example.com`;
  const created = await createUser(db, admin, {
    name,
    email,
    role,
    defaultHourlyRate: "",
    password: "a long unusual passphrase",
  });
  return { id: created.id, name: created.name, role, email };
}

export async function tearDownDatabase(database: TestDatabase | undefined) {
  setDatabaseHandle(undefined);
  resetAuthForTests();
  await database?.drop();
}

let ipCounter = 0;
/** Each call a different client address, so lock-out tests do not lock each other out. */
export function nextTestIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

export async function signInRequest(email: string, password: string, ip: string) {
  const { getAuth } = await import("../../src/lib/auth");
  return getAuth().handler(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", [clientAddressHeader()]: ip },
      body: JSON.stringify({ email, password }),
    }),
  );
}

export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
