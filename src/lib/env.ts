// The only module that reads process.env. Every variable Bureau understands is listed
// here, validated once, and documented in .env.example and the README.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

// `{protocol}://{publicKey}[:{secret}]@{host}[:{port}][/{prefix}]/{projectId}`; the tunnel parses the parts
// (modules/monitoring/tunnel-rules.ts). Kept as a pattern here: scripts/start.mjs loads this file in plain Node.
const sentryDsn = optionalText.pipe(
  z
    .string()
    .regex(
      /^https?:\/\/[^@/\s?#]+@[^/\s?#]+(\/[^\s?#]*)?\/\d+$/,
      "must be a Sentry DSN like https://publickey@o0.ingest.sentry.io/123",
    )
    .optional(),
);

/**
 * Whom to believe about the client's address (X-Forwarded-For): nobody (the socket's address is the
 * client's), the N nearest hops, or proxies by address, CIDR range or proxy-addr keyword
 * (loopback, linklocal, uniquelocal). See src/server/client-address.ts and decision 018.
 */
export type TrustedProxies =
  { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; addresses: string[] };

const PROXY_KEYWORDS = ["loopback", "linklocal", "uniquelocal"];

function isProxyAddress(value: string): boolean {
  if (PROXY_KEYWORDS.includes(value)) return true;
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUSTED_PROXIES: unset or "none", a hop count (1–10), or a comma-separated list of proxies. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | { error: string } {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "none") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? { kind: "hops", hops } : { error: "a hop count must be between 1 and 10" };
  }
  const addresses = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = addresses.find((address) => !isProxyAddress(address));
  if (bad !== undefined) {
    return {
      error: `"${bad}" is not an IP address, a CIDR range or one of ${PROXY_KEYWORDS.join(", ")}`,
    };
  }
  return { kind: "addresses", addresses };
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value === undefined || value === "" || value === "true" || value === "1"),
  DATA_DIR: optionalText,
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, "must be at least 12 characters").max(128).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SENTRY_DSN: sentryDsn,
  NEXT_PUBLIC_SENTRY_DSN: sentryDsn,
  SENTRY_ENVIRONMENT: optionalText.pipe(
    z
      .string()
      .max(64)
      .regex(/^[^\s/]+$/, "must be one word without slashes")
      .optional(),
  ),
  SENTRY_RELEASE: optionalText.pipe(z.string().max(200).optional()),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\/[^\s]+$/,
        "must be an SMTP URL like smtp://user:password@mail.example.com:587 or smtps://…:465",
      )
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().max(320).optional()),
  WORKER_IN_PROCESS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value === undefined || value === "" || value === "true" || value === "1"),
  BUREAU_TEST_ROUTES: z
    .enum(["0", "1", ""])
    .optional()
    .transform((value) => value === "1"),
  BUREAU_BENCH: z
    .enum(["0", "1", ""])
    .optional()
    .transform((value) => value === "1"),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustedProxies(value);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Set by scripts/serve.mjs on each server process it runs (1…N); unset for a lone `next start`.
  BUREAU_PROCESS_INDEX: z.coerce.number().int().min(1).max(64).optional(),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  appUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** DATABASE_PREPARED_STATEMENTS (default true): statements are named, parsed once per connection (src/db/statement-names.ts). */
  databasePreparedStatements: boolean;
  dataDir: string;
  authSecret: string;
  authSecretSource: "environment" | "data-folder";
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  testRoutesEnabled: boolean;
  /** BUREAU_BENCH=1 (`npm run bench` only): the framework-floor page, query timing and its read-out. */
  benchEnabled: boolean;
  sentry: SentryConfig;
  /** SMTP_URL; undefined: mail is kept as `captured` in the outbox, never sent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, e.g. `"Acme" <billing@acme.example>`; defaults to bureau@ the APP_URL host. */
  mailFrom: string;
  /** WORKER_IN_PROCESS (default true): the server runs the background worker itself. */
  workerInProcess: boolean;
  /** Which of the instance's server processes this is (scripts/serve.mjs); 1 for a lone process. */
  processIndex: number;
  /** TRUSTED_PROXIES: whose X-Forwarded-For to believe for the client's address (default nobody's). */
  trustedProxies: TrustedProxies;
  /** API_RATE_LIMIT_PER_MINUTE (default 600): requests per API token and minute, on all instances together. */
  apiRateLimitPerMinute: number;
};

/** Error reporting. No DSN at all: the SDK is never initialised and /monitoring answers 404. */
export type SentryConfig = {
  /** Server-side DSN: SENTRY_DSN, or the public one when only that is set. */
  serverDsn: string | undefined;
  /** Browser DSN, rendered into the page at request time: NEXT_PUBLIC_SENTRY_DSN, or SENTRY_DSN. */
  browserDsn: string | undefined;
  environment: string;
  release: string;
  tracesSampleRate: number;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const globalForConfig = globalThis as unknown as { bureauConfig?: Config };

/** Reads and validates the environment once per process; throws ConfigError naming the bad variable. */
export function getConfig(): Config {
  globalForConfig.bureauConfig ??= loadConfig(process.env);
  return globalForConfig.bureauConfig;
}

export function loadConfig(source: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = dataDirOf(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");

  let authSecret = env.BETTER_AUTH_SECRET;
  let authSecretSource: Config["authSecretSource"] = "environment";
  if (!authSecret) {
    if (isProduction) {
      throw new ConfigError(
        "BETTER_AUTH_SECRET is not set. In production Bureau needs a secret of at least 32 characters to sign sessions " +
          "(generate one with `openssl rand -base64 32`). `npm start` on the embedded database sets one up for you.",
      );
    }
    authSecret = readOrCreateDevelopmentSecret(dataDir);
    authSecretSource = "data-folder";
  }

  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    appUrl,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    dataDir,
    authSecret,
    authSecretSource,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    testRoutesEnabled: env.BUREAU_TEST_ROUTES,
    benchEnabled: env.BUREAU_BENCH,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Bureau <bureau@${mailDomainOf(appUrl)}>`,
    workerInProcess: env.WORKER_IN_PROCESS,
    processIndex: env.BUREAU_PROCESS_INDEX ?? 1,
    trustedProxies: env.TRUSTED_PROXIES,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    sentry: {
      serverDsn: env.SENTRY_DSN ?? env.NEXT_PUBLIC_SENTRY_DSN,
      browserDsn: env.NEXT_PUBLIC_SENTRY_DSN ?? env.SENTRY_DSN,
      environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      release: env.SENTRY_RELEASE ?? `bureau@${readPackageVersion()}`,
      tracesSampleRate: env.SENTRY_TRACES_SAMPLE_RATE,
    },
  };
}

function mailDomainOf(appUrl: string): string {
  const host = new URL(appUrl).hostname;
  return host === "localhost" || !host.includes(".") ? "localhost.localdomain" : host;
}

/** The version in package.json (the working directory is the project root for every entry point). */
export function readPackageVersion(): string {
  try {
    const packageJson = JSON.parse(fs.readFileSync(path.resolve(/*turbopackIgnore: true*/ "package.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof packageJson.version === "string" ? packageJson.version : "unknown";
  } catch {
    return "unknown";
  }
}

function invalidConfiguration(error: z.ZodError): ConfigError {
  const problems = error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  return new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
}

function dataDirOf(value: string | undefined): string {
  return path.resolve(/*turbopackIgnore: true*/ value ?? "data");
}

/**
 * Where the database is, and nothing else: for scripts that touch only the database (db:backup,
 * db:restore), which then need no session secret and never create one.
 */
export function loadDatabaseLocation(source: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | undefined;
  dataDir: string;
} {
  const parsed = envSchema.pick({ DATABASE_URL: true, DATA_DIR: true }).safeParse(source);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: dataDirOf(parsed.data.DATA_DIR) };
}

/** Tests that change process.env: the next getConfig() reads it again. */
export function resetConfigForTests(): void {
  globalForConfig.bureauConfig = undefined;
}

/** Development only: one random secret per data folder, kept so sessions survive restarts. */
export function readOrCreateDevelopmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
