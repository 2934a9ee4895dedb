import { describe, expect, it } from "vitest";
import { browserReportingSettings, parseReportingSettings } from "./reporting-settings";

const config = {
  serverDsn: "https://k@h/1",
  browserDsn: "https://k@h/1",
  environment: "production",
  release: "bureau@1.0.0",
  tracesSampleRate: 0,
};

describe("browser reporting settings", () => {
  it("nothing for the browser without a DSN", () => {
    expect(browserReportingSettings({ ...config, browserDsn: undefined })).toBeUndefined();
  });

  it("round-trips through the page", () => {
    const settings = browserReportingSettings(config)!;
    expect(settings.tunnel).toBe("/monitoring");
    expect(parseReportingSettings(JSON.stringify(settings))).toEqual(settings);
  });

  it("a damaged tag means no reporting, missing fields get defaults", () => {
    expect(parseReportingSettings("{")).toBeUndefined();
    expect(parseReportingSettings('{"dsn":""}')).toBeUndefined();
    expect(parseReportingSettings('{"dsn":"https://k@h/1"}')).toEqual({
      dsn: "https://k@h/1",
      tunnel: "/monitoring",
      environment: "production",
      release: "unknown",
      tracesSampleRate: 0,
    });
  });
});
