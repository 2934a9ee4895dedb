import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";

// The Factur-X checks by Debian's poppler-utils (pdfdetach, pdfinfo, pdffonts) and qpdf, shared by
// the Factur-X unit test and the integration test on issued invoices. .ci/run installs the tools;
// missing, the checks print "NOT RUN", unless REQUIRE_PDF_TOOLS=1 turns that into a failure.

const hasTool = (tool: string) => spawnSync("which", [tool]).status === 0;
const requireTools = process.env.REQUIRE_PDF_TOOLS === "1";

/**
 * pdfdetach lists factur-x.xml, which equals the CII; the XMP declares PDF/A-3B and the Factur-X
 * extension; every font is embedded; qpdf finds no error. Returns false when the tools are missing.
 */
export function checkFacturXWithPdfTools(pdf: Uint8Array, ciiXml: string, title?: RegExp): boolean {
  const tools = ["pdfdetach", "pdfinfo", "pdffonts", "qpdf"];
  const missing = tools.filter((tool) => !hasTool(tool));
  if (missing.length > 0) {
    const message = `poppler-utils / qpdf checks NOT RUN: ${missing.join(", ")} missing (apt-get install -y poppler-utils qpdf).`;
    if (requireTools) throw new Error(`REQUIRE_PDF_TOOLS=1: ${message}`);
    console.warn(`\n[einvoicing] ${message}\n`);
    return false;
  }
  const work = mkdtempSync(path.join(tmpdir(), "factur-x-"));
  try {
    const file = path.join(work, "invoice.pdf");
    writeFileSync(file, pdf);
    const list = execFileSync("pdfdetach", ["-list", file], { encoding: "utf8" });
    expect(list).toMatch(/1 embedded files/);
    expect(list).toMatch(/1: factur-x\.xml/);
    const extracted = path.join(work, "extracted.xml");
    execFileSync("pdfdetach", ["-save", "1", "-o", extracted, file]);
    expect(readFileSync(extracted, "utf8")).toBe(ciiXml);

    const xmp = execFileSync("pdfinfo", ["-meta", file], { encoding: "utf8" });
    expect(xmp).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(xmp).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    expect(xmp).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
    expect(xmp).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
    expect(xmp).toContain("<fx:Version>1.0</fx:Version>");
    expect(xmp).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(xmp).toContain("<pdfaSchema:prefix>fx</pdfaSchema:prefix>");
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    expect(info).toMatch(/PDF version:\s+1\.7/);
    if (title) expect(info).toMatch(title);

    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) expect(row).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    // The "emb" column of every font says yes.
    for (const row of fonts) expect(row.split(/\s+/).slice(-5)[0]).toBe("yes");

    const check = spawnSync("qpdf", ["--check", file], { encoding: "utf8" });
    expect(check.stdout + check.stderr).toMatch(/No syntax or stream encoding errors found/);
    expect(check.status).toBe(0);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
