import { currencyMinorDigits, minorToDecimalString } from "@/lib/money";

// A small, deterministic XML writer for the e-invoice formats: elements in the order they are
// built, attributes in the order given, two-space indentation, UTF-8, "\n" line ends. Empty
// optional elements are dropped at build time (EN 16931 forbids empty elements: BR-CL-*, and the
// XRechnung/Peppol rules check `normalize-space(.) != ''`), so a writer can pass nulls freely.

export type XmlElement = {
  name: string;
  attributes: [string, string][];
  children: XmlChild[];
};
export type XmlChild = XmlElement | string;

type Attributes = Record<string, string | null | undefined>;

/** An element; null/undefined children and empty elements are dropped. Returns null when it ends up empty. */
type Child = XmlChild | null | undefined | false | (XmlChild | null | undefined)[];

export function el(name: string, attributesOrChild?: Attributes | Child, ...rest: Child[]): XmlElement | null {
  let attributes: [string, string][] = [];
  const children: XmlChild[] = [];
  const push = (child: Child) => {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) {
      for (const item of child) push(item);
      return;
    }
    if (typeof child === "string") {
      const text = cleanXmlText(child);
      if (text.trim() !== "") children.push(text);
      return;
    }
    children.push(child);
  };
  if (isAttributes(attributesOrChild)) {
    attributes = Object.entries(attributesOrChild)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
      .map(([key, value]) => [key, cleanXmlText(value)]);
  } else push(attributesOrChild);
  for (const child of rest) push(child);
  if (children.length === 0) return null;
  return { name, attributes, children };
}

function isAttributes(value: unknown): value is Attributes {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !("name" in value);
}

/** Serialises a document with its XML declaration. */
export function serializeXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(root, 0, out);
  return out.join("");
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const indent = "  ".repeat(depth);
  const attributes = node.attributes.map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join("");
  const onlyText = node.children.every((child) => typeof child === "string");
  if (onlyText) {
    out.push(
      `${indent}<${node.name}${attributes}>${node.children.map((c) => escapeText(c as string)).join("")}</${node.name}>\n`,
    );
    return;
  }
  out.push(`${indent}<${node.name}${attributes}>\n`);
  for (const child of node.children) {
    if (typeof child === "string") out.push(`${indent}  ${escapeText(child)}\n`);
    else write(child, depth + 1, out);
  }
  out.push(`${indent}</${node.name}>\n`);
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}

/**
 * Removes what XML 1.0 cannot carry (C0 controls other than tab and line ends, U+FFFE/U+FFFF and
 * unpaired surrogates); Bureau's free text could hold them, and a parser would reject the whole
 * document for one of them.
 */
export function cleanXmlText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/\p{Cs}/gu, "");
}

// ---------------------------------------------------------------------------------------
// Numbers and dates as the formats write them

/** Digits after the point for amounts in a currency; EN 16931 allows at most 2 (BR-DEC-*). */
export function amountDigits(currency: string): number {
  const digits = currencyMinorDigits(currency);
  if (digits > 2)
    throw new RangeError(
      `${currency} has ${digits} decimals; EN 16931 amounts have at most 2, so it cannot be written (see einvoice-rules).`,
    );
  return digits;
}

/** Minor units as a decimal amount: (123456, "EUR") → "1234.56", (1200, "JPY") → "1200". */
export function formatAmount(minor: number, currency: string): string {
  return minorToDecimalString(minor, amountDigits(currency));
}

/** Thousandths as a decimal quantity without trailing zeros: 1500 → "1.5", 2000 → "2". */
export function formatQuantity(quantityMilli: number): string {
  return trimDecimal(minorToDecimalString(quantityMilli, 3));
}

/** Basis points as a percentage: 2000 → "20", 550 → "5.5", 0 → "0". */
export function formatPercent(basisPoints: number): string {
  return trimDecimal(minorToDecimalString(basisPoints, 2));
}

function trimDecimal(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** `YYYY-MM-DD` → `YYYYMMDD` (UN/CEFACT date format 102). */
export function formatDate102(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return date.replace(/-/g, "");
}
