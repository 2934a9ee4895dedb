// `npm run seed:demo`: fills an empty Bureau with a sample firm, one user per role and, through each
// domain's seed function, example data in every state. Run it with the server stopped when on the
// embedded database (the data folder is locked by the running server).
import { count } from "drizzle-orm";
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { client, user } from "../src/db/schema";
import { getConfig } from "../src/lib/env";
import { seedDemoFirm } from "../src/modules/settings/settings-seed";
import { seedJobs } from "../src/modules/jobs/jobs-seed";
import { seedMessages } from "../src/modules/messages/messages-seed";
import { seedDemoUsers, type DemoContext } from "../src/modules/users/users-seed";
import { seedCalls } from "../src/modules/calls/calls-seed";
import { seedClientsAndTimesheets } from "../src/modules/clients/clients-seed";
import { seedInvoices } from "../src/modules/invoices/invoices-seed";

async function main() {
  const config = getConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const [users] = await db.select({ value: count() }).from(user);
    const [clients] = await db.select({ value: count() }).from(client);
    if ((users?.value ?? 0) > 1 || (clients?.value ?? 0) > 0) {
      console.error(
        "seed:demo fills an empty database only; this one already has data. Use a fresh DATA_DIR or database.",
      );
      process.exitCode = 1;
      return;
    }
    await seedDemoFirm(db);
    const context: DemoContext = { db, users: await seedDemoUsers(db) };
    // Each domain adds its example data here, in dependency order.
    await seedClientsAndTimesheets(context);
    await seedInvoices(context);
    await seedCalls(context);
    await seedJobs(context);
    await seedMessages(context);
    void context;
    console.log("\nDemo data is ready. Sign in at " + config.appUrl + "/bo/login with:");
    for (const demo of context.users) console.log(`  ${demo.role.padEnd(8)} ${demo.email.padEnd(28)} ${demo.password}`);
    console.log("");
  } finally {
    await handle.close();
  }
}

await main();
