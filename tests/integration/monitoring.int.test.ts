// The /monitoring tunnel against a capture server on loopback that plays Sentry's envelope endpoint.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE, GET, POST } from "../../src/app/monitoring/route";
import { resetConfigForTests } from "../../src/lib/env";
import { MAX_ENVELOPE_BYTES } from "../../src/modules/monitoring/tunnel-rules";
import { nextTestIp, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";
import { clientAddressHeader } from "../../src/lib/request";

type Captured = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

let database: TestDatabase;
let server: http.Server;
let port: number;
let captured: Captured[] = [];
let hang = false;
const hanging = new Set<http.ServerResponse>();

const dsn = () => `http://publickey@127.0.0.1:${port}/1`;

function envelope(headerDsn: string, ...items: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [
    new TextEncoder().encode(
      JSON.stringify({
        event_id: "9ec79c33ec9942ab8353589fcb2e04dc",
        dsn: headerDsn,
        sent_at: new Date().toISOString(),
      }) + "\n",
    ),
  ];
  for (const item of items) parts.push(typeof item === "string" ? new TextEncoder().encode(item) : item);
  return new Uint8Array(Buffer.concat(parts));
}

function post(body: BodyInit, ip = nextTestIp(), headers: Record<string, string> = {}) {
  return POST(
    new Request("http://localhost:3000/monitoring", {
      method: "POST",
      body,
      headers: { "content-type": "text/plain;charset=UTF-8", [clientAddressHeader()]: ip, ...headers },
      duplex: "half",
    } as RequestInit),
  );
}

function useDsn(value: string | undefined) {
  if (value === undefined) {
    delete process.env.SENTRY_DSN;
    delete process.env.NEXT_PUBLIC_SENTRY_DSN;
  } else {
    process.env.SENTRY_DSN = value;
    process.env.NEXT_PUBLIC_SENTRY_DSN = value;
  }
  resetConfigForTests();
}

beforeAll(async () => {
  ({ database } = await setUpDatabase());
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      captured.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      if (hang) {
        hanging.add(response);
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: "9ec79c33ec9942ab8353589fcb2e04dc" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  useDsn(undefined);
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => server.close(resolve));
  await tearDownDatabase(database);
});

beforeEach(() => {
  captured = [];
  hang = false;
  useDsn(dsn());
});

describe(`the /monitoring tunnel on ${process.env.TEST_DB}`, () => {
  it("forwards an envelope for the configured DSN to its envelope endpoint and passes the answer through", async () => {
    const body = envelope(dsn(), '{"type":"event"}\n{"message":"hello"}\n');
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "9ec79c33ec9942ab8353589fcb2e04dc" });
    expect(captured).toHaveLength(1);
    expect(captured[0]?.path).toBe("/api/1/envelope/");
    expect(captured[0]?.headers["content-type"]).toBe("application/x-sentry-envelope");
    expect(captured[0]?.headers["x-sentry-auth"]).toContain("sentry_key=publickey");
    expect(captured[0]?.body.equals(Buffer.from(body))).toBe(true);
  });

  it("a binary attachment item arrives byte-identical", async () => {
    const binary = new Uint8Array(70_000);
    for (let index = 0; index < binary.length; index++) binary[index] = (index * 31 + 7) % 256;
    const body = envelope(
      dsn(),
      `{"type":"attachment","length":${binary.length},"filename":"blob.bin","content_type":"application/octet-stream"}\n`,
      binary,
      "\n",
    );
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(captured).toHaveLength(1);
    expect(captured[0]!.body.length).toBe(body.length);
    expect(captured[0]!.body.equals(Buffer.from(body))).toBe(true);
  });

  it("a foreign DSN gets 403 and nothing is forwarded", async () => {
    for (const foreign of [
      `http://otherkey@127.0.0.1:${port}/1`,
      `http://publickey@127.0.0.1:${port}/2`,
      "https://publickey@evil.example/1",
    ]) {
      const response = await post(envelope(foreign, '{"type":"event"}\n{}\n'));
      expect(response.status).toBe(403);
    }
    const noDsn = await post(new TextEncoder().encode('{"event_id":"x"}\n{"type":"event"}\n{}\n'));
    expect(noDsn.status).toBe(403);
    expect(captured).toHaveLength(0);
  });

  it("garbage gets 400 and nothing is forwarded", async () => {
    expect((await post("not an envelope")).status).toBe(400);
    expect(captured).toHaveLength(0);
  });

  it("1 MiB is accepted, 1 MiB + 1 byte gets 413, counted while streaming whatever Content-Length says", async () => {
    const head = envelope(dsn(), '{"type":"attachment","length":0}\n');
    const fill = (size: number) => new Uint8Array(Buffer.concat([head, Buffer.alloc(size - head.length, 0x61)]));
    expect((await post(fill(MAX_ENVELOPE_BYTES))).status).toBe(200);
    expect((await post(fill(MAX_ENVELOPE_BYTES + 1))).status).toBe(413);

    // A stream without Content-Length, in small chunks.
    const oversized = fill(MAX_ENVELOPE_BYTES + 1);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < oversized.length; offset += 64 * 1024)
          controller.enqueue(oversized.subarray(offset, offset + 64 * 1024));
        controller.close();
      },
    });
    expect((await post(stream)).status).toBe(413);
    // A declared length that alone is too large.
    expect((await post("{}", nextTestIp(), { "content-length": String(MAX_ENVELOPE_BYTES + 1) })).status).toBe(413);
    expect(captured).toHaveLength(1);
  });

  it("an upstream that never answers gives 504 within 6 s", async () => {
    hang = true;
    const started = Date.now();
    const response = await post(envelope(dsn(), '{"type":"event"}\n{}\n'));
    const elapsed = Date.now() - started;
    expect(response.status).toBe(504);
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(elapsed).toBeLessThan(6_000);
    expect(captured).toHaveLength(1);
  });

  it("an upstream that cannot be reached gives 502", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    useDsn(`http://publickey@127.0.0.1:${closedPort}/1`);
    const response = await post(envelope(`http://publickey@127.0.0.1:${closedPort}/1`, '{"type":"event"}\n{}\n'));
    expect(response.status).toBe(502);
  });

  it("the upstream status is passed through", async () => {
    const limited = http.createServer((_request, response) => {
      response.writeHead(429, { "retry-after": "30", "x-sentry-rate-limits": "30:error:organization" });
      response.end();
    });
    await new Promise<void>((resolve) => limited.listen(0, "127.0.0.1", resolve));
    const limitedDsn = `http://publickey@127.0.0.1:${(limited.address() as AddressInfo).port}/1`;
    useDsn(limitedDsn);
    const response = await post(envelope(limitedDsn, '{"type":"event"}\n{}\n'));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    await new Promise((resolve) => limited.close(resolve));
  });

  it("the 61st report in a minute from one address gets 429; another address is not affected", async () => {
    const ip = nextTestIp();
    const body = envelope(dsn(), '{"type":"event"}\n{}\n');
    for (let report = 1; report <= 60; report++) {
      const response = await post(body, ip);
      expect(response.status, `report ${report}`).toBe(200);
    }
    const refused = await post(body, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(captured).toHaveLength(60);
    expect((await post(body, nextTestIp())).status).toBe(200);
  });

  it("other methods get 405 with Allow: POST", async () => {
    for (const handler of [GET, DELETE]) {
      const response = await handler(new Request("http://localhost:3000/monitoring"));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("with no DSN configured every method gets 404 and nothing is forwarded", async () => {
    useDsn(undefined);
    expect((await post(envelope(dsn(), '{"type":"event"}\n{}\n'))).status).toBe(404);
    expect((await GET(new Request("http://localhost:3000/monitoring"))).status).toBe(404);
    expect(captured).toHaveLength(0);
  });
});
