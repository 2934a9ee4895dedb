// Issue 11, item 5, at the level of the production server: a second `next start` on a data folder
// whose embedded database another server is using stops with a clear message; the first keeps
// serving, and the folder is intact afterwards (tests/integration-pglite/data-folder-lock.int.test.ts
// covers the library level).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPage, signIn, type Visitor } from "./support/http";
import { ADMIN, type Server, sleep, spawnServer, startServer, stopProcess } from "./support/processes";

let dataDir: string;
let first: Server | undefined;
let third: Server | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-sys-pglite-"));
  first = await startServer("first", { port: 3331, dataDir }, 90_000);
});

afterAll(async () => {
  await stopProcess(first);
  await stopProcess(third);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded database's folder already in use", () => {
  it("a second server stops with a clear message; the first keeps serving; nothing is damaged", async () => {
    const visitor: Visitor = { appUrl: first!.url, ip: "203.0.113.40" };
    visitor.cookie = (await signIn(first!.url, visitor, ADMIN.email, ADMIN.password)).cookie;
    expect((await getPage(first!.url, visitor, "/bo/invoices")).status).toBe(200);

    const second = spawnServer("second", { port: 3332, dataDir });
    const exit = await Promise.race([second.exited, sleep(45_000).then(() => "still running")]);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain("Bureau cannot start:");
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another Bureau process (pid ${first!.pid}).`,
    );

    // The first one never noticed: same lock, same session, still writing (a new sign-in is a new session row).
    expect(fs.readFileSync(path.join(dataDir, "bureau.lock"), "utf8").trim()).toBe(String(first!.pid));
    expect((await getPage(first!.url, visitor, "/bo/invoices")).status).toBe(200);
    expect((await signIn(first!.url, { ...visitor, cookie: undefined }, ADMIN.email, ADMIN.password)).status).toBe(200);

    // Stopped cleanly, the folder is released and opens again with everything in it.
    expect(await stopProcess(first)).toEqual({ code: 143, signal: null });
    expect(fs.existsSync(path.join(dataDir, "bureau.lock"))).toBe(false);
    third = await startServer("third", { port: 3331, dataDir }, 60_000);
    expect(third.output()).not.toContain("first run");
    expect((await getPage(third.url, visitor, "/bo/invoices")).status).toBe(200);
  });
});
