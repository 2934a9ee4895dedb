// The firm's look on an invoice (brand colour and logo), frozen at issue: the logo's bytes are
// kept once in brand_logos under their SHA-256 and the issued snapshot names them, so a new logo
// or colour in Settings never changes an issued invoice's page, mail or PDF bytes.
import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { brandLogo, type PartySnapshot } from "@/db/schema";

/** The look an invoice renders with: what pdfBrandingOf and the mail take. */
export type InvoiceBrand = { brandColor: string; logo: Buffer | null; logoMimeType: string | null };

type SettingsBrand = { brandColor: string; logo: Buffer | null; logoMimeType: string | null };

/** Keeps the current logo (once per distinct logo) and returns the look to freeze in the snapshot. */
export async function freezeBrand(tx: Executor, settings: SettingsBrand): Promise<NonNullable<PartySnapshot["brand"]>> {
  if (!settings.logo || !settings.logoMimeType)
    return { color: settings.brandColor, logoSha256: null, logoMimeType: null };
  const sha256 = createHash("sha256").update(settings.logo).digest("hex");
  await tx
    .insert(brandLogo)
    .values({ sha256, mimeType: settings.logoMimeType, data: settings.logo })
    .onConflictDoNothing({ target: brandLogo.sha256 });
  return { color: settings.brandColor, logoSha256: sha256, logoMimeType: settings.logoMimeType };
}

/**
 * The look of an invoice: the one frozen in its firm snapshot once issued; a draft (and an
 * invoice issued before looks were frozen) takes the current settings.
 */
export async function invoiceBrandOf(
  db: Executor,
  firmSnapshot: PartySnapshot | null,
  settings: SettingsBrand,
): Promise<InvoiceBrand> {
  const frozen = firmSnapshot?.brand;
  if (!frozen) return { brandColor: settings.brandColor, logo: settings.logo, logoMimeType: settings.logoMimeType };
  if (!frozen.logoSha256) return { brandColor: frozen.color, logo: null, logoMimeType: null };
  const [row] = await db
    .select({ data: brandLogo.data, mimeType: brandLogo.mimeType })
    .from(brandLogo)
    .where(eq(brandLogo.sha256, frozen.logoSha256));
  return { brandColor: frozen.color, logo: row?.data ?? null, logoMimeType: row?.mimeType ?? null };
}

/** The logo as an image source for the invoice page and the outbox preview (PNG or JPEG only). */
export function logoDataUri(brand: { logo: Buffer | null; logoMimeType: string | null }): string | null {
  if (!brand.logo || !brand.logoMimeType || !/^image\/(png|jpeg)$/.test(brand.logoMimeType)) return null;
  return `data:${brand.logoMimeType};base64,${brand.logo.toString("base64")}`;
}
