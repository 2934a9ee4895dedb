// `npm run seed:large [-- --scale 0.1] [--seed 123] [--today YYYY-MM-DD] [--reset]`: fills the
// database of DATABASE_URL (or, without it, the embedded database of DATA_DIR; stop the server
// first, it holds the data folder's lock) with a whole firm: at scale 1, 50 people, 2,000 clients,
// 10,000 projects, three years of timesheets (~400,000 entries), 100,000 invoices with payments
// and credit notes, 100,000 calls, 200 jobs, 20,000 applications and 50,000 messages. The same
// seed, scale and day give the same data. Refuses a database that already has data unless
// --reset (which empties it). Prints the rate of each table and the sign-in details.
import os from "node:os";
import { openDatabase } from "../src/db/client";
import { getConfig } from "../src/lib/env";
import { DEFAULT_SEED, seedLarge, SeedRefusedError } from "./seed-large/seed-large";

function parseArguments(argv: string[]) {
  const options = { scale: 1, seed: DEFAULT_SEED, today: undefined as string | undefined, reset: false };
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inline] = argv[index]!.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++index] ?? "";
    switch (flag) {
      case "--scale":
        options.scale = Number(value());
        break;
      case "--seed":
        options.seed = Number(value());
        break;
      case "--today":
        options.today = value();
        break;
      case "--reset":
        options.reset = true;
        break;
      case "--help":
        console.log("npm run seed:large -- [--scale 1] [--seed N] [--today YYYY-MM-DD] [--reset]");
        process.exit(0);
        break;
      default:
        throw new Error(`Unknown option ${flag} (try --help).`);
    }
  }
  if (!Number.isFinite(options.scale) || options.scale <= 0)
    throw new Error("--scale takes a number greater than 0, e.g. 0.01.");
  if (!Number.isSafeInteger(options.seed)) throw new Error("--seed takes a whole number.");
  if (options.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.today))
    throw new Error("--today takes a date written YYYY-MM-DD.");
  return options;
}

const number = (value: number) => Math.round(value).toLocaleString("en-GB");

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const config = getConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const target =
    handle.kind === "postgres"
      ? `PostgreSQL ${new URL(config.databaseUrl!).pathname.slice(1)}`
      : `the embedded database in ${config.dataDir}`;
  console.log(`seed:large at scale ${options.scale} (seed ${options.seed}) into ${target}`);
  try {
    const report = await seedLarge(handle, { ...options, log: (line) => console.log(line) });
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    // COPY s: the database's time in the table's COPY statements; rows/s is rows over that time.
    console.log("\n| table | rows | MB sent | COPY s | rows/s |\n|---|---:|---:|---:|---:|");
    for (const table of report.tables) {
      const seconds = table.copyMs / 1000;
      console.log(
        `| ${table.table} | ${number(table.rows)} | ${(table.bytes / 1e6).toFixed(1)} | ${seconds.toFixed(2)} | ${seconds > 0 ? number(table.rows / seconds) : "—"} |`,
      );
    }
    const seconds = report.totalMs / 1000;
    console.log(
      `\n${number(rows)} rows in ${seconds.toFixed(1)} s (${number(rows / seconds)} rows/s overall, every phase included).`,
    );
    console.log(
      `Invoices: ${number(report.invoices.invoices)} (${number(report.invoices.timeInvoices)} billing ${number(report.invoices.linkedEntries)} time entries, ${number(report.invoices.drafts)} drafts) and ${number(report.invoices.creditNotes)} credit notes.`,
    );
    console.log(
      `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" / ")}; Node ${process.version}; today ${report.today}.`,
    );
    console.log(`\nSign in at ${config.appUrl}/bo/login (every person of the firm has the same password):`);
    for (const login of report.login)
      console.log(`  ${login.role.padEnd(8)} ${login.email.padEnd(24)} ${login.password}`);
  } catch (error) {
    if (error instanceof SeedRefusedError) {
      console.error(`\n${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

await main();
