// `npm run db:migrate`: applies the committed migrations without starting the server
// (on the embedded database, with the server stopped).
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { getConfig } from "../src/lib/env";

const config = getConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
try {
  await migrateDatabase(handle);
  console.log(
    `Migrations applied (${handle.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}).`,
  );
} finally {
  await handle.close();
}
