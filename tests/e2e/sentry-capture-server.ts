// A stand-in for Sentry's envelope endpoint on loopback. The Next.js server under test has its DSN
// pointing here; tests read what arrived through GET /__captured.
import http from "node:http";

export const CAPTURE_PORT = Number(process.env.E2E_SENTRY_PORT ?? 3299);
export const CAPTURE_DSN = `http://publickey@127.0.0.1:${CAPTURE_PORT}/1`;

export type CapturedEnvelope = {
  receivedAt: number;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBase64: string;
};

export function startCaptureServer(port = CAPTURE_PORT): Promise<http.Server> {
  const envelopes: CapturedEnvelope[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.url === "/__captured") {
        if (request.method === "DELETE") envelopes.length = 0;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(request.method === "DELETE" ? [] : envelopes));
        return;
      }
      if (request.method === "POST" && /^\/api\/\d+\/envelope\/?/.test(request.url ?? "")) {
        envelopes.push({
          receivedAt: Date.now(),
          path: request.url ?? "",
          headers: request.headers,
          bodyBase64: Buffer.concat(chunks).toString("base64"),
        });
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
        return;
      }
      response.writeHead(404);
      response.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export type EnvelopeItem = { header: Record<string, unknown>; payload: Buffer };
export type ParsedEnvelope = {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  headers: CapturedEnvelope["headers"];
  path: string;
};

/** Splits an envelope: a header line, then items of a header line and a payload (length-prefixed or up to \n). */
export function parseEnvelope(captured: CapturedEnvelope): ParsedEnvelope {
  const body = Buffer.from(captured.bodyBase64, "base64");
  let offset = 0;
  const readLine = () => {
    const end = body.indexOf(0x0a, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString("utf8")) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const line = readLine();
    if (line.length === 0) continue;
    const itemHeader = JSON.parse(line.toString("utf8")) as Record<string, unknown>;
    let payload: Buffer;
    if (typeof itemHeader.length === "number") {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length + 1;
    } else {
      payload = readLine();
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items, headers: captured.headers, path: captured.path };
}
