// Server actions over HTTP, as the browser calls them: POST to the page that holds the form, with
// the action's id (from the build's server-reference-manifest.json) in the Next-Action header and
// the arguments encoded by React's own encodeReply (the copy Next.js ships), as text/plain.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

type ReferenceManifest = {
  node: Record<string, { filename?: string; exportedName?: string; workers: Record<string, unknown> }>;
};

export function actionIdOf(root: string, filename: string, exportedName: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, ".next", "server", "server-reference-manifest.json"), "utf8"),
  ) as ReferenceManifest;
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.filename === filename && entry.exportedName === exportedName,
  );
  if (!found)
    throw new Error(`No server action ${exportedName} of ${filename} in the build's server-reference-manifest.json.`);
  return found[0];
}

type EncodeReply = (value: unknown) => Promise<string | FormData>;

export function loadEncodeReply(root: string): EncodeReply {
  const require = createRequire(path.join(root, "package.json"));
  const client = require("next/dist/compiled/react-server-dom-turbopack/client.node.js") as {
    encodeReply: EncodeReply;
  };
  return client.encodeReply;
}

/**
 * A synchronous encoder for the arguments the load sends (autocannon builds each request
 * synchronously): JSON of the argument list. Checked once against React's encodeReply on a
 * sample of the same shape, so a difference in encoding stops the run instead of skewing it.
 */
export async function checkedJsonEncoder(
  encodeReply: EncodeReply,
  sample: unknown[],
): Promise<(args: unknown[]) => string> {
  const encoded = await encodeReply(sample);
  if (typeof encoded !== "string" || encoded !== JSON.stringify(sample)) {
    throw new Error(`React encodes these action arguments differently from JSON:\n${String(encoded).slice(0, 300)}`);
  }
  return (args) => JSON.stringify(args);
}

export function actionHeaders(actionId: string, origin: string, cookie: string): Record<string, string> {
  return {
    accept: "text/x-component",
    "content-type": "text/plain;charset=UTF-8",
    "next-action": actionId,
    origin,
    cookie,
  };
}

/** The action's return value in the RSC answer: `{"ok":true,…}` or `{"ok":false,…}`. */
export function actionResult(
  body: string,
): { ok: boolean; version?: number; id?: string; message?: string } | undefined {
  const match = /\{"ok":(true|false)[^\n]*/.exec(body);
  if (!match) return undefined;
  const text = match[0];
  const version = /"version":(\d+)/.exec(text)?.[1];
  const id = /"id":"([0-9a-f-]{36})"/.exec(text)?.[1];
  const message = /"message":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
  return { ok: match[1] === "true", version: version ? Number(version) : undefined, id, message };
}

export async function callAction(
  origin: string,
  pagePath: string,
  actionId: string,
  cookie: string,
  encodeReply: EncodeReply,
  args: unknown[],
) {
  const body = await encodeReply(args);
  if (typeof body !== "string")
    throw new Error("these action arguments encode to form data; the benchmark sends text only");
  const response = await fetch(`${origin}${pagePath}`, {
    method: "POST",
    headers: actionHeaders(actionId, origin, cookie),
    body,
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, text, result: actionResult(text) };
}
