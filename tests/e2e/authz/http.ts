// HTTP helpers of the authorisation tests: sign-in over the API, server actions called the way
// React calls them (POST to a page, `Next-Action` = the id from the build's manifest, body =
// React's encodeReply of the arguments), and the small parts of a Flight answer the tests read.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { baseURL } from "../../../playwright.config";

const require = createRequire(import.meta.url);
// The same encoder the browser uses (React's Flight client); ships with Next.js.
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.edge.js") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

export const ORIGIN = new URL(baseURL).origin;
export const SESSION_COOKIE = "better-auth.session_token";

type ManifestEntry = { workers: Record<string, unknown>; filename?: string; exportedName?: string };
let manifest: Record<string, ManifestEntry> | undefined;

/** The build's server actions: `.next/server/server-reference-manifest.json` (what the server under test runs). */
export function serverActions(): { id: string; file: string; name: string; workers: string[] }[] {
  manifest ??= (
    JSON.parse(fs.readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8")) as {
      node: Record<string, ManifestEntry>;
    }
  ).node;
  // File names are relative to the build's root (the project folder, or above it in a workspace).
  const relative = (file: string) => file.replace(/^.*?(?=src\/)/, "");
  return Object.entries(manifest).map(([id, entry]) => ({
    id,
    file: relative(entry.filename ?? ""),
    name: entry.exportedName ?? "",
    workers: Object.keys(entry.workers),
  }));
}

export function actionId(file: string, name: string): string {
  const found = serverActions().find((entry) => entry.file === file && entry.name === name);
  if (!found)
    throw new Error(`${file}#${name} is not in the build's server-reference-manifest: rebuild (next build) first`);
  return found.id;
}

/** Each call from its own documentation address, so sign-in and public-form limits never interfere. */
let addressCounter = 0;
export function nextAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/**
 * Runs a request again once when the connection was reset before an answer came (a kept-alive
 * socket the server closed while the machine was busy): a transport hiccup, not an answer.
 */
export async function once<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    await new Promise((resolve) => setTimeout(resolve, 200));
    return send();
  }
}

/** Signs in through better-auth's endpoint; the request context keeps the session cookie. */
export async function signInOverApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post("/api/auth/sign-in/email", {
    headers: { origin: ORIGIN, "x-forwarded-for": nextAddress() },
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
}

export type ActionAnswer = {
  response: APIResponse;
  status: number;
  body: string;
  /** `x-action-redirect` without its `;push|replace` suffix. */
  redirect: string | null;
  /** The value the action returned (decoded from the Flight answer), when there is one. */
  result: unknown;
  /** The digest when the action threw (an error row). */
  errorDigest: string | null;
};

/** Calls a server action like React does from the page `page`. */
export async function callAction(
  request: APIRequestContext,
  page: string,
  id: string,
  args: unknown[],
  headers: Record<string, string> = {},
): Promise<ActionAnswer> {
  const body = await encodeReply(args);
  const common = {
    headers: {
      accept: "text/x-component",
      "next-action": id,
      origin: ORIGIN,
      "x-forwarded-for": nextAddress(),
      ...headers,
    },
    maxRedirects: 0,
  };
  const response = await once(() =>
    typeof body === "string"
      ? request.post(page, { ...common, data: body })
      : request.post(page, { ...common, multipart: body }),
  );
  const text = await response.text();
  const redirectHeader = response.headers()["x-action-redirect"];
  const decoded = decodeFlight(text);
  return {
    response,
    status: response.status(),
    body: text,
    redirect: redirectHeader ? redirectHeader.replace(/;(push|replace)$/, "") : null,
    result: decoded.result,
    errorDigest: decoded.errorDigest,
  };
}

/**
 * The action's return value from a Flight answer: row 0 is `{"a": <result or "$@row">, …}`; plain
 * JSON rows are enough for ActionResults (strings starting with `$` are escaped as `$$`).
 */
export function decodeFlight(text: string): { result: unknown; errorDigest: string | null } {
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]+):(.*)$/.exec(line);
    if (match) rows.set(match[1]!, match[2]!);
  }
  const root = rows.get("0");
  if (!root || !root.startsWith("{")) return { result: undefined, errorDigest: null };
  let errorDigest: string | null = null;
  const resolve = (value: unknown, depth = 0): unknown => {
    if (depth > 20) return value;
    if (typeof value === "string" && value.startsWith("$")) {
      if (value.startsWith("$$")) return value.slice(1);
      if (value === "$undefined") return undefined;
      const reference = /^\$@?([0-9a-f]+)$/.exec(value);
      if (reference) {
        const row = rows.get(reference[1]!);
        if (row === undefined) return undefined;
        if (row.startsWith("E")) {
          errorDigest = (JSON.parse(row.slice(1)) as { digest?: string }).digest ?? "";
          return undefined;
        }
        return resolve(JSON.parse(row), depth + 1);
      }
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => resolve(item, depth + 1));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, depth + 1)]));
    return value;
  };
  const parsed = JSON.parse(root) as { a?: unknown };
  const result = resolve(parsed.a);
  return { result, errorDigest };
}

/** An ActionResult's data, or an error naming what the action said. */
export function dataOf<T>(answer: ActionAnswer, what: string): T {
  const result = answer.result as { ok?: boolean; data?: T; message?: string; fieldErrors?: unknown } | undefined;
  if (!result?.ok)
    throw new Error(`${what} failed (${answer.status}): ${JSON.stringify(result ?? answer.body.slice(0, 300))}`);
  return result.data as T;
}

/** The page HTML, as a signed-in request context sees it. */
export async function html(request: APIRequestContext, url: string): Promise<string> {
  const response = await once(() => request.get(url, { headers: { "x-forwarded-for": nextAddress() } }));
  if (response.status() !== 200) throw new Error(`GET ${url}: ${response.status()}`);
  return response.text();
}

/** Text as it appears in the RSC payload inside the HTML (quotes escaped in the script strings). */
export function unescapeRsc(source: string): string {
  return source.replaceAll('\\"', '"');
}

export function findOne(source: string, pattern: RegExp, what: string): RegExpExecArray {
  const match = pattern.exec(unescapeRsc(source));
  if (!match) throw new Error(`could not find ${what}`);
  return match;
}
