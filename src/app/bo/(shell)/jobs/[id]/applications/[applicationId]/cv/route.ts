// GET the CV of an application: signed-in admins and managers only, always as a download.
import { getDb } from "@/db/client";
import { SANDBOXED_FILE_POLICY } from "@/lib/security-headers";
import { getCurrentUser } from "@/lib/session";
import { getApplicationCv } from "@/modules/jobs/job-queries";
import { sanitiseFileName } from "@/modules/jobs/job-rules";
import { NotFoundError } from "@/lib/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function GET(_request: Request, { params }: { params: Promise<{ id: string; applicationId: string }> }) {
  const user = await getCurrentUser();
  if (!user)
    return new Response("Sign in to download this file.", { status: 401, headers: { "cache-control": "no-store" } });
  if (user.role !== "admin" && user.role !== "manager")
    return new Response("You do not have permission to download this file.", {
      status: 403,
      headers: { "cache-control": "no-store" },
    });
  const { id, applicationId } = await params;
  if (!UUID.test(id) || !UUID.test(applicationId))
    return new Response("Not found.", { status: 404, headers: { "cache-control": "no-store" } });
  try {
    const cv = await getApplicationCv(getDb(), id, applicationId);
    // The name is rebuilt from the applicant's name and the DETECTED type, never trusted as uploaded.
    const base = sanitiseFileName(`CV ${cv.applicant}`, "cv").replace(/\.+$/, "");
    const fileName = `${base}.${cv.kind}`;
    const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    return new Response(new Uint8Array(cv.content), {
      headers: {
        "content-type": cv.mimeType,
        "content-length": String(cv.content.byteLength),
        "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "x-content-type-options": "nosniff",
        "content-security-policy": SANDBOXED_FILE_POLICY,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError)
      return new Response("Not found.", { status: 404, headers: { "cache-control": "no-store" } });
    throw error;
  }
}
