// A real SMTP peer for tests and the benchmark: the smtp-server package on loopback, random port.
// Keeps every message it accepted (raw), and can be stopped and started again on the same port.
// `beforeAccept` runs once a message's data is in, before the "250 OK": a slow or stalling server, or
// a test acting at that exact moment. A message is accepted (kept) only when the 250 is sent; if the
// client's connection is gone by then, the message is dropped, as a real server drops an unfinished one.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { raw: string; messageId: string | null; rcptTo: string[] };

export type ReceiverOptions = { beforeAccept?: (mail: ReceivedMail) => Promise<void> | void };

export type SmtpReceiver = {
  url: () => string;
  port: number;
  messages: ReceivedMail[];
  stop: () => Promise<void>;
  start: () => Promise<void>;
  reset: () => void;
};

function newServer(messages: ReceivedMail[], options: ReceiverOptions) {
  const closed = new Set<string>();
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 200,
    size: 25 * 1024 * 1024,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        const mail = {
          raw,
          messageId: headerOf(raw, "Message-ID"),
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        if (!options.beforeAccept) {
          messages.push(mail);
          callback();
          return;
        }
        void Promise.resolve(options.beforeAccept(mail)).then(
          () => {
            if (closed.has(session.id)) return;
            messages.push(mail);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
}

export async function startSmtpReceiver(options: ReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let server = newServer(messages, options);
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
  });
  const receiver: SmtpReceiver = {
    port,
    messages,
    url: () => `smtp://127.0.0.1:${port}`,
    reset: () => {
      messages.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: async () => {
      server = newServer(messages, options);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      });
    },
  };
  return receiver;
}

/** An unfolded header of a raw message (first occurrence in the top-level headers). */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded);
  return match ? match[1]!.trim() : null;
}

type MimePart = { headers: string; body: string };

function splitParts(raw: string): MimePart[] {
  const [headers = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\r\n\r\n");
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (!/content-type:\s*multipart\//i.test(unfolded) || !boundary) return [{ headers: unfolded, body }];
  const pieces = body.split(`--${boundary}`).slice(1);
  return pieces.filter((piece) => !piece.startsWith("--")).flatMap((piece) => splitParts(piece.replace(/^\r?\n/, "")));
}

/** The attachments of a raw message: filename, content type and decoded bytes. */
export function attachmentsOf(raw: string): { filename: string; contentType: string; content: Buffer }[] {
  return splitParts(raw)
    .filter((part) => /content-disposition:\s*attachment/i.test(part.headers))
    .map((part) => {
      const filename = /filename="?([^";]+)"?/i.exec(part.headers)?.[1] ?? "";
      const contentType = /content-type:\s*([^;\s]+)/i.exec(part.headers)?.[1] ?? "";
      const base64 = /content-transfer-encoding:\s*base64/i.test(part.headers);
      const content = base64 ? Buffer.from(part.body.replace(/\s+/g, ""), "base64") : Buffer.from(part.body, "latin1");
      return { filename, contentType, content };
    });
}
