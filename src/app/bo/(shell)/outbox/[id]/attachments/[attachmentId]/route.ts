// An outbox attachment, for signed-in administrators and managers only; always downloaded, never rendered.
import { getDb } from "@/db/client";
import { backOfficeRoute } from "@/lib/route-handler";
import { SANDBOXED_FILE_POLICY } from "@/lib/security-headers";
import { getEmailAttachment } from "@/modules/mail/mail-queries";

export const GET = backOfficeRoute<{ id: string; attachmentId: string }>(
  { permission: "outbox.read", signedOut: "401" },
  async (_request, { params }) => {
    const { id, attachmentId } = await params;
    const attachment = await getEmailAttachment(getDb(), id, attachmentId);
    const ascii = attachment.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    return new Response(new Uint8Array(attachment.content), {
      headers: {
        "Content-Type": /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType)
          ? attachment.contentType
          : "application/octet-stream",
        "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
        "Content-Length": String(attachment.content.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": SANDBOXED_FILE_POLICY,
      },
    });
  },
);
