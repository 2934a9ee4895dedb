// The receipt of an expense: the same content checks as a CV (cv-file.ts, decision 007): what the
// file IS by its bytes, never its name or declared type. A PDF or a photo (PNG, JPEG, WebP); SVG
// and HTML are refused, as they can carry script.
import type { ReceiptKind } from "@/db/schema/expenses";
import { sniffFileType } from "@/modules/jobs/cv-file";

export const RECEIPT_MIME_TYPES: Record<ReceiptKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

export async function detectReceiptKind(bytes: Uint8Array): Promise<ReceiptKind | null> {
  switch (await sniffFileType(bytes)) {
    case "pdf":
      return "pdf";
    case "png":
      return "png";
    case "jpg":
      return "jpeg";
    case "webp":
      return "webp";
    default:
      return null;
  }
}
