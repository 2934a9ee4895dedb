// A fresh, migrated database for one test file, on the kind the Vitest project names (TEST_DB).
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/db/client";
import { withDatabase } from "./global-setup";

export type TestDatabase = DatabaseHandle & { name: string; drop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB;
  if (kind === "postgres") {
    const url = inject("postgresUrl");
    const template = inject("postgresTemplate");
    const name = `bureau_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 20 });
    return {
      ...handle,
      name: "postgres",
      drop: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  if (kind !== "pglite") throw new Error(`TEST_DB must be pglite or postgres, not ${kind}`);
  const template = fs.readFileSync(inject("pgliteTemplate"));
  const pglite = await PGlite.create({ loadDataDir: new Blob([template]) });
  const handle = openDatabase({ pglite });
  return { ...handle, name: "pglite", drop: () => handle.close() };
}
