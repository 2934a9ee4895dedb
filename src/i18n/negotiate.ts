// The language a browser asks for (RFC 9110 Accept-Language), among those Bureau has. Pure.

/** The best of `available` for an Accept-Language header ("de-CH, fr;q=0.8, *;q=0.1"), or null. */
export function negotiateLanguage(header: string | null | undefined, available: readonly string[]): string | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .slice(0, 50)
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const q = parameters.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), quality: q ? Number(q[1]) : 1, index };
    })
    .filter((range) => range.tag !== "" && range.quality > 0)
    // Highest quality first; equal qualities keep the order the browser gave.
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    if (range.tag === "*") return available[0] ?? null;
    const primary = range.tag.split("-")[0]!;
    if (available.includes(primary)) return primary;
  }
  return null;
}
