// Security review, findings c and h, on real production servers: the per-address limits bound a
// client that writes its own X-Forwarded-For when no proxy is trusted (the quick start's layout), and
// the sign-in lock-out is exact under a concurrent burst spread over two instances.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitHit } from "../../src/db/schema";
import { createFirstAdmin, createUser } from "../../src/modules/users/user-mutations";
import { createSystemDatabase, type SystemDatabase } from "./support/database";
import { signIn, type Visitor } from "./support/http";
import { ADMIN, type Server, startServer, stopProcess } from "./support/processes";

const PORTS = [3321, 3322];

let database: SystemDatabase;
let servers: Server[] = [];

beforeAll(async () => {
  database = await createSystemDatabase("limits", { migrate: true });
  const admin = await createFirstAdmin(database.handle.db, {
    email: ADMIN.email,
    password: ADMIN.password,
    generated: false,
  });
  await createUser(
    database.handle.db,
    { id: admin!.id, name: admin!.name, role: "admin" },
    {
      name: "Burst Target",
      email: "burst@example.com",
      role: "staff",
      password: "a long unusual passphrase",
    },
  );
  // No trusted proxy: what a fresh `npm start` has.
  servers = await Promise.all(
    PORTS.map((port, index) =>
      startServer(`limits-${index + 1}`, { port, databaseUrl: database.url, env: { TRUSTED_PROXIES: "" } }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((server) => stopProcess(server)));
  await database?.drop();
});

const APP_URL = (port: number) => `http://127.0.0.1:${port}`;

describe("sign-in limits on two production servers without a trusted proxy", () => {
  it("counts a client by its connection: seven made-up X-Forwarded-For addresses still meet the limit of 5", async () => {
    await database.handle.db.delete(rateLimitHit);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const visitor: Visitor = { appUrl: APP_URL(PORTS[0]!), ip: `203.0.113.${attempt + 1}` };
      statuses.push((await signIn(servers[0]!.url, visitor, `nobody${attempt}@example.com`, "wrong password")).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("checks exactly 5 of 20 concurrent wrong passwords sent to both instances at once", async () => {
    await database.handle.db.delete(rateLimitHit);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const server = servers[index % 2]!;
        return signIn(
          server.url,
          { appUrl: APP_URL(server.port), ip: `203.0.113.${index + 50}` },
          "burst@example.com",
          "wrong password",
        );
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});
