// A PostgreSQL cluster of the test's own (initdb in /tmp, a port in 5490–5499), for the one test
// that stops and restarts the database server: the machine's shared server is never touched.
// We run as root; PostgreSQL refuses to, so every command runs as the `postgres` user.
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const BIN = "/usr/lib/postgresql/15/bin";

export type PrivateCluster = {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start: () => Promise<void>;
  /** Fast shutdown: open sessions are ended, their transactions rolled back. */
  stop: () => Promise<void>;
  destroy: () => Promise<void>;
};

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

async function asPostgres(command: string, args: string[]): Promise<void> {
  await run("runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args], { timeout: 60_000 });
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  let port = 0;
  for (let candidate = 5499; candidate >= 5490 && !port; candidate--) if (await portIsFree(candidate)) port = candidate;
  if (!port) throw new Error("No free port in 5490–5499 for a private PostgreSQL cluster");
  const dir = path.join("/tmp", `bureau-sys-pg-${process.pid}-${Date.now().toString(36)}`);
  // fsync off: a scratch cluster; a fast shutdown still writes everything out before it stops.
  await asPostgres("initdb", ["-D", dir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const cluster: PrivateCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      asPostgres("pg_ctl", ["-D", dir, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "30", "start"]),
    stop: () => asPostgres("pg_ctl", ["-D", dir, "-m", "fast", "-w", "-t", "30", "stop"]),
    destroy: async () => {
      await asPostgres("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "-t", "30", "stop"]).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
