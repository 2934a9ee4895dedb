// UN/ECE Recommendation 20 (with 21) unit codes, the code list of BT-130 (EN 16931 BR-CL-23):
// the units a service firm bills, with the name shown on the document. Bureau keeps the unit as
// typed on the line (for the document) and its code (for the e-invoice); unitCodeFor maps typed
// text to the closest code, else C62 ("one").

export type UnitCode = {
  code: string;
  /** The name printed for the unit, singular. */
  name: string;
  /** Lower-case spellings that mean this unit (English, French, German). */
  aliases: readonly string[];
};

export const UNIT_CODES = [
  {
    code: "HUR",
    name: "hour",
    aliases: ["hour", "hours", "h", "hr", "hrs", "heure", "heures", "stunde", "stunden", "std"],
  },
  { code: "MIN", name: "minute", aliases: ["minute", "minutes", "min", "mins", "minuten"] },
  { code: "DAY", name: "day", aliases: ["day", "days", "d", "jour", "jours", "j", "tag", "tage"] },
  { code: "WEE", name: "week", aliases: ["week", "weeks", "wk", "semaine", "semaines", "woche", "wochen"] },
  { code: "MON", name: "month", aliases: ["month", "months", "mo", "mois", "monat", "monate"] },
  { code: "ANN", name: "year", aliases: ["year", "years", "yr", "an", "ans", "année", "années", "jahr", "jahre"] },
  { code: "C62", name: "unit", aliases: ["unit", "units", "one", "unité", "unités", "einheit", "einheiten"] },
  {
    code: "H87",
    name: "piece",
    aliases: ["piece", "pieces", "item", "items", "pc", "pcs", "pièce", "pièces", "stück", "stk"],
  },
  { code: "LS", name: "lump sum", aliases: ["lump sum", "lumpsum", "flat fee", "forfait", "pauschale", "pauschal"] },
  { code: "KMT", name: "kilometre", aliases: ["kilometre", "kilometres", "kilometer", "kilometers", "km"] },
  { code: "KGM", name: "kilogram", aliases: ["kilogram", "kilograms", "kg"] },
  { code: "MTR", name: "metre", aliases: ["metre", "metres", "meter", "meters", "m"] },
  { code: "MTK", name: "square metre", aliases: ["square metre", "square metres", "m2", "m²", "sqm"] },
  { code: "LTR", name: "litre", aliases: ["litre", "litres", "liter", "liters", "l"] },
  { code: "E48", name: "service unit", aliases: ["service", "services", "service unit", "prestation"] },
  { code: "XPK", name: "package", aliases: ["package", "packages", "pack", "packs", "paquet", "paket"] },
  { code: "ZZ", name: "mutually defined", aliases: [] },
] as const satisfies readonly UnitCode[];

export type UnitCodeValue = (typeof UNIT_CODES)[number]["code"];

const byCode: ReadonlyMap<string, UnitCode> = new Map(UNIT_CODES.map((unit) => [unit.code, unit]));
const byAlias: ReadonlyMap<string, string> = new Map(
  UNIT_CODES.flatMap((unit) => unit.aliases.map((alias) => [alias, unit.code] as const)),
);

export function isKnownUnitCode(code: string): boolean {
  return byCode.has(code);
}

/** "HUR" → "hour"; an unknown code is returned as it is. */
export function unitName(code: string): string {
  return byCode.get(code)?.name ?? code;
}

/**
 * The Rec 20 code of a unit as typed: "hours", "Heure", "HUR" → HUR; "item" → H87; text with no
 * known meaning → C62 ("one"), which EN 16931 accepts for any countable unit.
 */
export function unitCodeFor(text: string): string {
  const typed = text.trim();
  if (byCode.has(typed.toUpperCase()) && typed.length >= 2 && typed === typed.toUpperCase()) return typed.toUpperCase();
  const key = typed.toLowerCase().replace(/\s+/g, " ").replace(/\.$/, "");
  return byAlias.get(key) ?? "C62";
}
