import { fileTypeFromBuffer } from "file-type";
import type { CvKind } from "@/db/schema/public-site";

export const CV_MIME_TYPES: Record<CvKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/**
 * The type an uploaded file's bytes say it is (file-type's extension: "pdf", "png", "cfb"...),
 * never its name or the browser's Content-Type; null when too short to tell or unknown. Each
 * upload (CVs, expense receipts) then accepts only its own few types.
 */
export async function sniffFileType(bytes: Uint8Array): Promise<string | null> {
  if (bytes.byteLength < 8) return null;
  return (await fileTypeFromBuffer(bytes))?.ext ?? null;
}

/**
 * What the file IS, from its bytes, never from its name or the browser's Content-Type: PDF (%PDF-),
 * DOC (the OLE2 compound-file signature D0 CF 11 E0) or DOCX (a zip whose entries include word/).
 */
export async function detectCvKind(bytes: Uint8Array): Promise<CvKind | null> {
  switch (await sniffFileType(bytes)) {
    case "pdf":
      return "pdf";
    case "cfb":
      return "doc";
    case "docx":
      return "docx";
    default:
      return null;
  }
}
