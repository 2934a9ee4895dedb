import { getDb } from "@/db/client";
import { NotFoundError } from "@/lib/errors";
import { backOfficeRoute } from "@/lib/route-handler";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The firm's logo for signed-in users (settings page, invoices); 404 when none is set. */
export const GET = backOfficeRoute({ signedOut: "401" }, async () => {
  const { logo, logoMimeType } = await getSettings(getDb());
  if (!logo || !logoMimeType) throw new NotFoundError("No logo has been uploaded.");
  return new Response(new Uint8Array(logo), {
    headers: {
      // The type was sniffed from the bytes at upload (PNG or JPEG only); nosniff keeps the
      // browser from guessing another one.
      "content-type": logoMimeType,
      "content-length": String(logo.length),
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=60",
    },
  });
});
