// Issue 11, item 5: PostgreSQL stopped and started again while a production server is under load
// (a private cluster: the machine's shared server is never restarted). While it is down every
// request gets a prompt answer (503 from /api/health, the 500 error page for pages), nothing hangs
// and the server stays up; when it is back the same server process serves normally again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystemDatabase, type SystemDatabase } from "./support/database";
import { getPage, signIn, type Visitor } from "./support/http";
import { createPrivateCluster, type PrivateCluster } from "./support/private-postgres";
import { ADMIN, eventually, type Server, sleep, startServer, stopProcess } from "./support/processes";

const PORT = 3321;
/** No request may take longer than this, database down or not (connection time-out 5 s, health 3 s). */
const BOUND_MS = 6_000;

let cluster: PrivateCluster;
let database: SystemDatabase;
let server: Server;

type Sample = { path: string; startedAt: number; endedAt: number; status: number | string; html: string };

beforeAll(async () => {
  cluster = await createPrivateCluster();
  database = await createSystemDatabase("pgrestart", { baseUrl: cluster.url });
  server = await startServer("server", { port: PORT, databaseUrl: database.url });
});

afterAll(async () => {
  await stopProcess(server);
  await database?.drop().catch(() => {});
  await cluster?.destroy();
});

describe("PostgreSQL restarted under load", () => {
  it("fails cleanly and promptly while it is down, and recovers by itself", async () => {
    const visitor: Visitor = { appUrl: server.url, ip: "203.0.113.30" };
    const samples: Sample[] = [];
    let running = true;
    const client = async (paths: string[]) => {
      for (let n = 0; running; n++) {
        const path = paths[n % paths.length]!;
        const startedAt = Date.now();
        try {
          // A sign-in writes (a session, in a transaction); the others read.
          const page =
            path === "sign-in"
              ? { ...(await signIn(server.url, visitor, ADMIN.email, ADMIN.password)), html: "" }
              : await getPage(server.url, visitor, path, 20_000);
          samples.push({ path, startedAt, endedAt: Date.now(), status: page.status, html: page.html });
        } catch (error) {
          samples.push({
            path,
            startedAt,
            endedAt: Date.now(),
            status: String((error as Error).cause ?? error),
            html: "",
          });
        }
      }
    };
    // Five clients at once: on the health check, on a public page that reads the database, signing in.
    const load = Promise.all([
      client(["/api/health"]),
      client(["/mail"]),
      client(["/api/health", "/mail"]),
      client(["/mail", "/api/health"]),
      client(["sign-in"]),
    ]);

    await eventually(
      "the load runs",
      () => samples.length >= 10 && samples.some((sample) => sample.path === "sign-in"),
    );
    const downAt = Date.now();
    await cluster.stop();
    const stoppedAt = Date.now();
    await sleep(2_500);
    const upAt = Date.now();
    await cluster.start();
    const recoveredAt = await eventually(
      "health and pages answer 200 again",
      () => {
        const recent = samples.filter((sample) => sample.startedAt > upAt);
        const ok = (path: string) => recent.some((sample) => sample.path === path && sample.status === 200);
        return ok("/api/health") && ok("/mail") && ok("sign-in") ? Date.now() : 0;
      },
      15_000,
    );
    await sleep(500);
    running = false;
    await load;

    // Every request got an HTTP answer (no reset, no hang) within the bound, and the server never stopped.
    expect(samples.filter((sample) => typeof sample.status !== "number")).toEqual([]);
    expect(Math.max(...samples.map((sample) => sample.endedAt - sample.startedAt))).toBeLessThan(BOUND_MS);
    expect(server.hasExited()).toBe(false);

    const before = samples.filter((sample) => sample.endedAt < downAt);
    const down = samples.filter((sample) => sample.startedAt > stoppedAt + 100 && sample.endedAt < upAt);
    const after = samples.filter((sample) => sample.startedAt > recoveredAt);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(new Set(before.map((sample) => sample.status))).toEqual(new Set([200]));

    const downHealth = down.filter((sample) => sample.path === "/api/health");
    const downPages = down.filter((sample) => sample.path === "/mail");
    const downSignIns = down.filter((sample) => sample.path === "sign-in");
    expect(downHealth.length).toBeGreaterThan(2);
    expect(downPages.length).toBeGreaterThan(2);
    expect(new Set(downHealth.map((sample) => sample.status))).toEqual(new Set([503]));
    expect(downHealth.every((sample) => sample.html.includes('"status":"unavailable"'))).toBe(true);
    expect(new Set(downPages.map((sample) => sample.status))).toEqual(new Set([500]));
    expect(downSignIns.length).toBeGreaterThan(0);
    expect(downSignIns.every((sample) => typeof sample.status === "number" && sample.status >= 500)).toBe(true);
    // Next.js's error document: the browser renders the application error page from it ("Application
    // error: a server-side exception…", Digest: N — tests/e2e/foundation.spec.ts), and the server's log
    // line for the same error carries that digest.
    for (const sample of downPages) {
      expect(sample.html).toContain('<html id="__next_error__">');
      const digest = /E\{\\"digest\\":\\"(\d+)\\"\}/.exec(sample.html)?.[1];
      expect(digest).toBeDefined();
      expect(server.output()).toContain(`"digest":"${digest}"`);
    }

    expect(after.length).toBeGreaterThan(2);
    expect(new Set(after.map((sample) => sample.status))).toEqual(new Set([200]));
    expect(
      after.filter((sample) => sample.path === "/mail").every((sample) => sample.html.includes("Write to us")),
    ).toBe(true);
    console.log(
      `PostgreSQL restart: ${samples.length} requests; ${down.length} while down (health ${[...new Set(downHealth.map((s) => s.status))]}, pages ${[...new Set(downPages.map((s) => s.status))]}, sign-in ${[...new Set(downSignIns.map((s) => s.status))]}); ` +
        `slowest ${Math.max(...samples.map((s) => s.endedAt - s.startedAt))} ms; 200 again ${recoveredAt - upAt} ms after the start command returned`,
    );
  });
});
