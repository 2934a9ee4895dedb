// One instance in several server processes (scripts/serve.mjs, what `npm start` runs on
// PostgreSQL): they share the port and the sessions, one that dies is started again while the
// other keeps answering, SIGTERM stops them all, and a setting that cannot work is refused.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirstAdmin } from "../../src/modules/users/user-mutations";
import { createSystemDatabase, type SystemDatabase } from "./support/database";
import { signIn, type Visitor, visitorHeaders } from "./support/http";
import {
  ADMIN,
  cleanEnv,
  eventually,
  type ManagedProcess,
  SECRET,
  spawnManaged,
  stopProcess,
} from "./support/processes";

const PORT = 3321;
const URL_BASE = `http://127.0.0.1:${PORT}`;

let database: SystemDatabase;
let instance: ManagedProcess | undefined;

function serve(env: Record<string, string | undefined>): ManagedProcess {
  return spawnManaged(
    "serve",
    process.execPath,
    ["scripts/serve.mjs"],
    cleanEnv({
      NODE_ENV: "production",
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      BETTER_AUTH_SECRET: SECRET,
      LOG_LEVEL: "info",
      ...env,
    }),
  );
}

/** The pids of the processes answering (the benchmark's read-out, gathered by the primary). */
async function serverPids(): Promise<number[]> {
  const response = await fetch(`${URL_BASE}/api/bench-stats`, { signal: AbortSignal.timeout(5_000) });
  return ((await response.json()) as { pids: number[] }).pids.sort();
}

/** A GET on a connection of its own (no keep-alive): each reaches the process the primary hands it to. */
function freshGet(pagePath: string, cookie = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${URL_BASE}${pagePath}`,
      {
        agent: false,
        headers: { ...visitorHeaders({ appUrl: URL_BASE, ip: "203.0.113.40" }), cookie },
        timeout: 15_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error(`GET ${pagePath} timed out`)));
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  database = await createSystemDatabase("processes", { migrate: true });
  await createFirstAdmin(database.handle.db, { email: ADMIN.email, password: ADMIN.password, generated: false });
});

afterAll(async () => {
  await stopProcess(instance);
  await database?.drop();
});

describe("one instance, several server processes", () => {
  it("two processes share the port and the sessions; a killed one comes back; SIGTERM stops them all", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-processes-"));
    instance = serve({
      DATABASE_URL: database.url,
      APP_URL: URL_BASE,
      WEB_CONCURRENCY: "2",
      DATA_DIR: dataDir,
      BUREAU_BENCH: "1",
    });
    await instance.waitForOutput("Bureau: 2 server processes on port 3321", 30_000);
    const pids = await eventually(
      "both processes answer",
      async () => {
        const found = await serverPids().catch((): number[] => []);
        return found.length === 2 ? found : null;
      },
      45_000,
    );
    // The instance says once where it runs, and only process 1 runs the background worker.
    await instance.waitForOutput("Bureau is running at", 10_000);
    expect(instance.output().split("Bureau is running at").length - 1).toBe(1);
    const ready = instance
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"Bureau is ready"'));
    expect(ready.map((line) => JSON.parse(line).process).sort()).toEqual([1, 2]);

    // A session made through one process is valid on the other: every new connection goes to the next process.
    const visitor: Visitor = { appUrl: URL_BASE, ip: "203.0.113.40" };
    const signedIn = await signIn(URL_BASE, visitor, ADMIN.email, ADMIN.password);
    expect(signedIn.status).toBe(200);
    visitor.cookie = signedIn.cookie;
    for (let n = 0; n < 6; n++) expect(await freshGet("/bo/account", visitor.cookie)).toBe(200);

    // SIGKILL one process: its connections die with it. Once the primary has seen it go (a
    // connection handed out in that instant can be lost), new connections are answered by the
    // other process while the primary starts a new one.
    process.kill(pids[1]!, "SIGKILL");
    await instance.waitForOutput(/server process [12] stopped \(SIGKILL\); starting it again/, 10_000);
    for (let n = 0; n < 4; n++) expect(await freshGet("/bo/account", visitor.cookie)).toBe(200);
    const after = await eventually(
      "a new process replaces the killed one",
      async () => {
        const found = await serverPids().catch((): number[] => []);
        return found.length === 2 && !found.includes(pids[1]!) ? found : null;
      },
      45_000,
    );
    expect(after).toContain(pids[0]);
    for (let n = 0; n < 4; n++) expect(await freshGet("/bo/account", visitor.cookie)).toBe(200);

    // SIGTERM to the primary stops every process (each drains first), and the instance exits as a
    // lone `next start` does: 128 + SIGTERM once drained (tests/system/faults.sys.test.ts).
    const exit = await stopProcess(instance, 30_000);
    expect(exit).toEqual({ code: 143, signal: null });
    for (const pid of after) expect(isAlive(pid)).toBe(false);
    instance = undefined;
  });

  it("refuses several processes on the embedded database, and a WEB_CONCURRENCY that is not a number of processes", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-processes-"));
    const embedded = serve({ WEB_CONCURRENCY: "2", DATA_DIR: dataDir });
    expect(await embedded.exited).toEqual({ code: 1, signal: null });
    expect(embedded.output()).toContain(
      "WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded database can be opened by one process only.",
    );
    const wrong = serve({ DATABASE_URL: database.url, WEB_CONCURRENCY: "lots", DATA_DIR: dataDir });
    expect(await wrong.exited).toEqual({ code: 1, signal: null });
    expect(wrong.output()).toContain(
      'WEB_CONCURRENCY must be a whole number of server processes from 1 to 64 (got "lots").',
    );
  });
});
