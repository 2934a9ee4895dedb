// Whether the production build in .next is missing or older than the sources it was built from.
// Shared by `npm start` (scripts/start.mjs) and `npm run bench` (scripts/bench/index.ts).
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["src", "public", "drizzle", "next.config.ts", "package.json", "postcss.config.mjs"];

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** @param {string} root the project folder @returns {boolean} */
export function needsBuild(root) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const sources = SOURCES.map((entry) => path.join(root, entry)).filter((entry) => fs.existsSync(entry));
  return sources.some((entry) => newestMtime(entry) > built);
}
