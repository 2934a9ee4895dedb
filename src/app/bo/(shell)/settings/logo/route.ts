import { getDb } from "@/db/client";
import { getCurrentUser } from "@/lib/session";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The firm's logo for signed-in users (settings page, invoices); 404 when none is set. */
export async function GET() {
  const user = await getCurrentUser();
  if (!user) {
    return Response.json(
      { error: "unauthenticated", message: "Sign in to continue." },
      { status: 401, headers: { "cache-control": "no-store" } },
    );
  }
  const { logo, logoMimeType } = await getSettings(getDb());
  if (!logo || !logoMimeType) {
    return Response.json(
      { error: "not_found", message: "No logo has been uploaded." },
      { status: 404, headers: { "cache-control": "no-store" } },
    );
  }
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
}
