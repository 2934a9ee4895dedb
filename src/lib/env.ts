// The only module that reads process.env. Every variable Bureau understands is listed
// here, validated once, and documented in .env.example and the README.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://").optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: optionalText,
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, "must be at least 12 characters").max(128).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BUREAU_TEST_ROUTES: z
    .enum(["0", "1", ""])
    .optional()
    .transform((value) => value === "1"),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  appUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  authSecret: string;
  authSecretSource: "environment" | "data-folder";
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  testRoutesEnabled: boolean;
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
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? "data");
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
    dataDir,
    authSecret,
    authSecretSource,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    testRoutesEnabled: env.BUREAU_TEST_ROUTES,
  };
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
