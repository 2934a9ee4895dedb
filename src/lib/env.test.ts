import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "bureau-env-"));

describe("loadConfig", () => {
  it("stops production start-up when the secret is missing, naming the variable", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir() })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it("in development generates a secret once and keeps it in the data folder", () => {
    const dataDir = tempDir();
    const first = loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir });
    const second = loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(first.authSecretSource).toBe("data-folder");
    expect(fs.statSync(path.join(dataDir, "secret")).mode & 0o777).toBe(0o600);
  });

  it("names each invalid variable", () => {
    expect(() =>
      loadConfig({
        NODE_ENV: "development",
        DATA_DIR: tempDir(),
        PORT: "99999",
        DATABASE_URL: "mysql://x",
        ADMIN_EMAIL: "nope",
      }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_EMAIL|DATABASE_URL[\s\S]*PORT/);
  });

  it("reads the API's rate limit per token, 600 a minute unless set", () => {
    const base = { NODE_ENV: "development" as const, DATA_DIR: tempDir() };
    expect(loadConfig(base).apiRateLimitPerMinute).toBe(600);
    expect(loadConfig({ ...base, API_RATE_LIMIT_PER_MINUTE: "30" }).apiRateLimitPerMinute).toBe(30);
    expect(() => loadConfig({ ...base, API_RATE_LIMIT_PER_MINUTE: "0" })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
  });

  it("reads the documented variables", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/bureau",
      APP_URL: "https://bureau.example.com/",
      ADMIN_EMAIL: "Boss@Example.com",
      PORT: "8080",
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      appUrl: "https://bureau.example.com",
      adminEmail: "boss@example.com",
      authSecretSource: "environment",
    });
  });
});
