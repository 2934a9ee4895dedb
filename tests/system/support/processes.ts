// Real processes for the system tests: the production server (`next start` on the build in .next)
// and scripts (`npm run multi-instance`), each in its own process group so a signal reaches the whole
// tree, with its output kept for the assertions and for the failure message.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

export const SECRET = "system-tests-secret-0123456789abcdefghij";
export const ADMIN = { email: "admin@example.com", password: "admin password for system tests" };

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ManagedProcess = {
  name: string;
  pid: number;
  /** Everything it wrote so far (stdout and stderr interleaved). */
  output: () => string;
  /** Resolves when it has exited (at once when it already has). */
  exited: Promise<Exit>;
  hasExited: () => boolean;
  /** Sends the signal to its whole process group. */
  signal: (signal: NodeJS.Signals) => void;
  /** Resolves when `text` (or a match of the pattern) has appeared in its output; rejects if it exits first. */
  waitForOutput: (pattern: string | RegExp, timeoutMs?: number) => Promise<void>;
};

const running = new Set<ManagedProcess>();
// A test that failed half-way must not leave servers behind.
process.once("exit", () => {
  for (const managed of running) managed.signal("SIGKILL");
});

/** Only what the processes need: the test runner's own variables (NODE_ENV=test, VITEST…) stay out. */
export function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    LANG: "C.UTF-8",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env as NodeJS.ProcessEnv;
}

export function spawnManaged(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ManagedProcess {
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  let done = false;
  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => {
      done = true;
      running.delete(managed);
      // Whatever it started and left behind in its group goes with it.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // The group is empty: nothing left behind.
      }
      for (const listener of listeners) listener();
      resolve({ code, signal });
    });
  });
  const managed: ManagedProcess = {
    name,
    pid: child.pid!,
    output: () => output,
    exited,
    hasExited: () => done,
    signal: (signal) => {
      if (done) return;
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // Already gone.
      }
    },
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const matches = () => (typeof pattern === "string" ? output.includes(pattern) : pattern.test(output));
        const finish = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (matches()) finish();
          else if (done) finish(new Error(`${name} exited before printing ${pattern}:\n${tail(output)}`));
        };
        const timer = setTimeout(
          () => finish(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms:\n${tail(output)}`)),
          timeoutMs,
        );
        listeners.add(check);
        check();
      }),
  };
  running.add(managed);
  return managed;
}

export function tail(text: string, lines = 40): string {
  return text.split("\n").slice(-lines).join("\n");
}

export type ServerOptions = {
  port: number;
  /** DATABASE_URL; unset: the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  appUrl?: string;
  env?: Record<string, string | undefined>;
};

export type Server = ManagedProcess & { port: number; url: string };

/** The environment of a production server as an operator would set it. */
export function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  return cleanEnv({
    NODE_ENV: "production",
    PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: "5",
    DATA_DIR: options.dataDir,
    BETTER_AUTH_SECRET: SECRET,
    APP_URL: options.appUrl ?? `http://127.0.0.1:${options.port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "info",
    // The tests reach the server the way a reverse proxy on loopback would, naming each client's
    // address in X-Forwarded-For (decision 018); a test of the default passes TRUSTED_PROXIES: "".
    TRUSTED_PROXIES: "loopback",
    ...options.env,
  });
}

/** `next start` on the production build, loopback only; does not wait (see waitForHealth). */
export function spawnServer(name: string, options: ServerOptions): Server {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")))
    throw new Error("No production build in .next: run `next build` first.");
  const managed = spawnManaged(
    name,
    process.execPath,
    [NEXT_BIN, "start", "-p", String(options.port), "-H", "127.0.0.1"],
    serverEnv(options),
  );
  return Object.assign(managed, { port: options.port, url: `http://127.0.0.1:${options.port}` });
}

/** Starts a server and waits until /api/health answers 200. */
export async function startServer(name: string, options: ServerOptions, timeoutMs = 45_000): Promise<Server> {
  const server = spawnServer(name, options);
  await waitForHealth(server, timeoutMs);
  return server;
}

/** Polls /api/health until 200; fails at once if the process exits. */
export async function waitForHealth(server: Server, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.hasExited()) throw new Error(`${server.name} exited while starting:\n${tail(server.output())}`);
    try {
      const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`${server.name} was not healthy within ${timeoutMs} ms:\n${tail(server.output())}`);
    await sleep(150);
  }
}

/** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stopProcess(managed: ManagedProcess | undefined, graceMs = 10_000): Promise<Exit | undefined> {
  if (!managed) return undefined;
  if (managed.hasExited()) return managed.exited;
  managed.signal("SIGTERM");
  const timer = setTimeout(() => managed.signal("SIGKILL"), graceMs);
  const exit = await managed.exited;
  clearTimeout(timer);
  return exit;
}

/** SIGKILL: no handler runs, nothing is flushed or closed. */
export async function killHard(managed: ManagedProcess): Promise<Exit> {
  managed.signal("SIGKILL");
  return managed.exited;
}

/** SIGSTOP, returning once the kernel reports the process stopped (state T): from then on it reads nothing. */
export async function freeze(managed: ManagedProcess): Promise<void> {
  managed.signal("SIGSTOP");
  await eventually(
    `${managed.name} stopped`,
    () => fs.readFileSync(`/proc/${managed.pid}/stat`, "utf8").split(") ")[1]?.startsWith("T"),
    5_000,
    5,
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value (returned), or fails after `timeoutMs` with `what`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${timeoutMs} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
      );
    await sleep(everyMs);
  }
}
