// GET the CV of an application: signed-in admins and managers only, always as a download.
import { getDb } from "@/db/client";
import { NotFoundError } from "@/lib/errors";
import { backOfficeRoute } from "@/lib/route-handler";
import { fileDownloadResponse } from "@/lib/security-headers";
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
    return fileDownloadResponse(cv.content, cv.mimeType, `${base}.${cv.kind}`);
  },
);
