import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataFolderInUseError, lockDataFolder } from "./pglite-lock";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "bureau-lock-"));

describe("lockDataFolder", () => {
  it("refuses a folder held by another live process, naming it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "bureau.lock"), String(process.ppid));
    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
    expect(() => lockDataFolder(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
    // Nothing was taken over.
    expect(fs.readFileSync(path.join(dir, "bureau.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("takes over the lock of a process that has died, and releases it", () => {
    const dir = tempDir();
    const dead = spawnSync("true").pid!;
    fs.writeFileSync(path.join(dir, "bureau.lock"), String(dead));
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, "bureau.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "bureau.lock"))).toBe(false);
  });
});
