// A second process on the same embedded data folder gets a clear error and damages nothing.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = (dataDir: string, code: string) => `
  import { openDatabase } from "./src/db/client";
  (async () => {
    const handle = openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    ${code}
  })().catch((error) => { console.error(error.message); process.exit(1); });
`;

// Only for the embedded database (PostgreSQL serves many processes itself): run by the pglite project.
describe("the embedded data folder", () => {
  it("a second process gets a clear error while the first keeps working", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-two-"));
    const tsx = path.resolve("node_modules/.bin/tsx");
    const first = spawn(
      tsx,
      [
        "-e",
        script(
          dataDir,
          `await handle.pglite.exec("create table t (n int); insert into t values (1)"); console.log("ready"); setTimeout(async () => { const r = await handle.pglite.query("select count(*)::int as n from t"); console.log("rows", r.rows[0].n); await handle.close(); }, 4000);`,
        ),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    first.stdout.on("data", (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("first process never became ready")), 20_000);
      first.stdout.on("data", () => output.includes("ready") && (clearTimeout(timer), resolve()));
    });
    let secondError = "";
    try {
      execFileSync(tsx, ["-e", script(dataDir, `await handle.pglite.exec("insert into t values (2)");`)], {
        stdio: "pipe",
      });
    } catch (error) {
      secondError = String((error as { stderr?: Buffer }).stderr ?? error);
    }
    expect(secondError).toMatch(/in use by another Bureau process \(pid \d+\)/);
    await new Promise((resolve) => first.on("exit", resolve));
    expect(output).toContain("rows 1");
  }, 60_000);
});
