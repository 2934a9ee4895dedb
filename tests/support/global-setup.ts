// Once per test run and database kind: a template database with every migration applied, which
// each test file then clones (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/migrate";

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB;
  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url)
      throw new Error(
        "TEST_DATABASE_URL is not set: the PostgreSQL tests need a server (e.g. postgres://postgres@127.0.0.1:5432/postgres).",
      );
    const template = `bureau_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const handle = openDatabase({ databaseUrl: templateUrl, poolSize: 2 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide("postgresTemplate", template);
    project.provide("postgresUrl", url);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
      await admin.end();
    };
  }
  const pglite = new PGlite();
  const handle = openDatabase({ pglite });
  await migrateDatabase(handle);
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bureau-tpl-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    postgresUrl: string;
  }
}
