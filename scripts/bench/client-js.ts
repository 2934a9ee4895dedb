// The JavaScript a page sends to the browser, read from the production build: the framework's
// root files (build-manifest.json rootMainFiles, loaded by every page) plus every chunk the page's
// client reference manifest lists for its segments (layouts, page, error and not-found
// boundaries). Each file is compressed as a server would send it: gzip (level 6) and brotli (quality 11).
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

export type ClientJs = { files: number; rawBytes: number; gzipBytes: number; brotliBytes: number };

type RscManifest = { entryJSFiles?: Record<string, string[]> };

export function createClientJsReader(root: string) {
  const next = path.join(root, ".next");
  const buildManifest = JSON.parse(fs.readFileSync(path.join(next, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  // "/bo/(shell)/invoices/[id]/page" → "/bo/invoices/[id]"
  const appPaths = JSON.parse(fs.readFileSync(path.join(next, "app-path-routes-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
  const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();

  function sizeOf(file: string) {
    let size = sizes.get(file);
    if (!size) {
      const bytes = fs.readFileSync(path.join(next, file));
      size = {
        raw: bytes.byteLength,
        gzip: zlib.gzipSync(bytes, { level: 6 }).byteLength,
        brotli: zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        }).byteLength,
      };
      sizes.set(file, size);
    }
    return size;
  }

  /** The files of one route, e.g. "/bo/invoices/[id]"; undefined when the route has no page. */
  function filesOf(route: string): string[] | undefined {
    const entry = Object.entries(appPaths).find(([key, value]) => value === route && key.endsWith("/page"));
    if (!entry) return undefined;
    const manifestFile = path.join(next, "server", "app", `${entry[0]}_client-reference-manifest.js`);
    if (!fs.existsSync(manifestFile)) return undefined;
    // The manifest is a script that assigns globalThis.__RSC_MANIFEST[page]; run it in a sandbox.
    const sandbox: { __RSC_MANIFEST?: Record<string, RscManifest> } = {};
    vm.runInNewContext(fs.readFileSync(manifestFile, "utf8"), sandbox);
    const manifests = Object.values(sandbox.__RSC_MANIFEST ?? {});
    const files = new Set(buildManifest.rootMainFiles);
    for (const manifest of manifests)
      for (const chunks of Object.values(manifest.entryJSFiles ?? {}))
        for (const chunk of chunks) if (chunk.endsWith(".js")) files.add(chunk);
    return [...files];
  }

  return {
    /** Compressed bytes of a route's JavaScript; undefined for route handlers (no page). */
    of(route: string): ClientJs | undefined {
      const files = filesOf(route);
      if (!files) return undefined;
      const total = { files: files.length, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
      for (const file of files) {
        const size = sizeOf(file);
        total.rawBytes += size.raw;
        total.gzipBytes += size.gzip;
        total.brotliBytes += size.brotli;
      }
      return total;
    },
  };
}
