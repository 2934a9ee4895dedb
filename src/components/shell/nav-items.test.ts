import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAV_ITEMS } from "./nav-items";

// The sidebar shows a section to those holding its permission; the section's page must ask for the
// same one, or someone would see a link to a 403 page (or miss a page they may open).
function guardSource(href: string): string {
  // /bo/calls renders CallsPage, which checks the session itself.
  if (href === "/bo/calls") return fs.readFileSync("src/modules/calls/components/calls-page.tsx", "utf8");
  return fs.readFileSync(path.join("src/app/bo/(shell)", href.slice("/bo".length), "page.tsx"), "utf8");
}

describe("the sections of the sidebar", () => {
  it.each(NAV_ITEMS.map((item) => [item.href, item] as const))(
    "%s asks for what the sidebar shows it for",
    (_, item) => {
      const source = guardSource(item.href);
      if (item.permission === null) expect(source).toMatch(/\brequireUser\(\)/);
      else expect(source).toContain(`requirePagePermission("${item.permission}")`);
    },
  );
});
