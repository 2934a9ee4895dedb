// GET the CV of an application: signed-in admins and managers only, always as a download.
import { getDb } from "@/db/client";
import { NotFoundError } from "@/lib/errors";
import { backOfficeRoute } from "@/lib/route-handler";
import { SANDBOXED_FILE_POLICY } from "@/lib/security-headers";
import { getApplicationCv } from "@/modules/jobs/job-queries";
import { sanitiseFileName } from "@/modules/jobs/job-rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const GET = backOfficeRoute<{ id: string; applicationId: string }>(
  { permission: "job.read", signedOut: "401" },
  async (_request, { params }) => {
    const { id, applicationId } = await params;
    if (!UUID.test(id) || !UUID.test(applicationId)) throw new NotFoundError();
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
  },
);
