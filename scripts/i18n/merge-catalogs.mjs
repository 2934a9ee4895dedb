// Resolves a merge conflict in messages/*.json (decision 067): while `git merge` or `git rebase`
// stops on a catalog, the union of both sides' keys (a key both sides changed keeps "theirs",
// stage 3) is written and staged. Usage: node scripts/i18n/merge-catalogs.mjs messages/fr.json ...
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const stage = (number, file) => JSON.parse(execFileSync("git", ["show", `:${number}:${file}`], { encoding: "utf8" }));

function merge(ours, theirs) {
  const merged = { ...ours };
  for (const [key, value] of Object.entries(theirs)) {
    const mine = merged[key];
    merged[key] = mine && typeof mine === "object" && value && typeof value === "object" ? merge(mine, value) : value;
  }
  return merged;
}

for (const file of process.argv.slice(2)) {
  writeFileSync(file, `${JSON.stringify(merge(stage(2, file), stage(3, file)), null, 2)}\n`);
  execFileSync("git", ["add", file]);
  console.log(`merged ${file}`);
}
