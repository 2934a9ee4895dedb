import { getDb } from "@/db/client";
import { getConfig } from "@/lib/env";
import { clientIpFrom } from "@/lib/request";
import { handleTunnelRequest, tunnelDsnsFrom } from "@/modules/monitoring/tunnel";

export const dynamic = "force-dynamic";

/** The error-report tunnel: see modules/monitoring/tunnel.ts and decision 004. */
async function tunnel(request: Request): Promise<Response> {
  const allowedDsns = tunnelDsnsFrom(getConfig().sentry);
  return handleTunnelRequest(request, {
    db: getDb,
    allowedDsns,
    clientIp: clientIpFrom(request.headers),
    requestId: request.headers.get("x-request-id") ?? undefined,
  });
}

export { tunnel as POST, tunnel as GET, tunnel as PUT, tunnel as PATCH, tunnel as DELETE, tunnel as OPTIONS };
