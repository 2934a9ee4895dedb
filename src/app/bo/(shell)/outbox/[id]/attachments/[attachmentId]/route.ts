// An outbox attachment, for signed-in administrators and managers only; always downloaded, never rendered.
import { getDb } from "@/db/client";
import { NotFoundError } from "@/lib/errors";
import { SANDBOXED_FILE_POLICY } from "@/lib/security-headers";
import { getCurrentUser } from "@/lib/session";
import { getEmailAttachment } from "@/modules/mail/mail-queries";
import { MAIL_ROLES } from "@/modules/mail/mail-schemas";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string; attachmentId: string }> }) {
  const user = await getCurrentUser();
  if (!user) return new Response("Sign in first.", { status: 401, headers: { "Cache-Control": "no-store" } });
  if (!(MAIL_ROLES as readonly string[]).includes(user.role))
    return new Response("Forbidden.", { status: 403, headers: { "Cache-Control": "no-store" } });
  const { id, attachmentId } = await params;
  try {
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
  } catch (error) {
    if (error instanceof NotFoundError)
      return new Response("Not found.", { status: 404, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}
