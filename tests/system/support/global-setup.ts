// The system tests run the production build against PostgreSQL: say so at once when either is missing.
import fs from "node:fs";
import path from "node:path";

export default function setup() {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error(
      "The system tests need PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).",
    );
  if (!fs.existsSync(path.resolve(import.meta.dirname, "../../../.next/BUILD_ID")))
    throw new Error("The system tests run the production build: run `next build` first.");
}
