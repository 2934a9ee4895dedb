import type { MetadataRoute } from "next";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { getConfig } from "@/lib/env";
import { findPublicJobs } from "@/modules/jobs/job-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = getConfig().appUrl;
  const db = getDb();
  const settings = await getPageSettings();
  const jobs = await findPublicJobs(db, todayInZone(settings.timezone));
  return [
    { url: `${base}/`, changeFrequency: "monthly", priority: 1 },
    { url: `${base}/jobs`, changeFrequency: "weekly", priority: 0.8 },
    { url: `${base}/mail`, changeFrequency: "yearly", priority: 0.5 },
    { url: `${base}/legal`, changeFrequency: "yearly", priority: 0.2 },
    { url: `${base}/privacy`, changeFrequency: "yearly", priority: 0.2 },
    ...jobs.map((job) => ({
      url: `${base}/jobs/${job.slug}`,
      lastModified: job.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.7,
    })),
  ];
}
