import type { MetadataRoute } from "next";
import { getConfig } from "@/lib/env";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const base = getConfig().appUrl;
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/bo", "/bo/", "/monitoring", "/api/"] }],
    sitemap: `${base}/sitemap.xml`,
  };
}
