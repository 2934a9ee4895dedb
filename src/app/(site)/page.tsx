import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { jobFacts } from "@/modules/jobs/job-format";
import { findPublicJobs } from "@/modules/jobs/job-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { getConfig } from "@/lib/env";
import { MARKDOWN_CLASSES } from "@/modules/jobs/components/markdown-classes";
import { renderMarkdown } from "@/modules/jobs/markdown";
import { publicTexts } from "@/modules/public-site/legal-pages";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getPageSettings();
  const t = await getTranslations("site.home");
  return {
    title: { absolute: settings.firmName },
    description: t("description", { firm: settings.firmName }),
  };
}

export default async function HomePage() {
  const db = getDb();
  const settings = await getPageSettings();
  const t = await getTranslations("site.home");
  const words = await getTranslations("jobs.words");
  const jobs = (await findPublicJobs(db, todayInZone(settings.timezone))).slice(0, 3);
  const address = [
    settings.addressLine1,
    settings.addressLine2,
    [settings.postalCode, settings.city].filter(Boolean).join(" "),
  ].filter(Boolean);
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="max-w-3xl text-4xl font-semibold tracking-tight sm:text-5xl">{settings.firmName}</h1>
      <div
        className={`mt-5 max-w-2xl text-lg text-muted-foreground ${MARKDOWN_CLASSES}`}
        dangerouslySetInnerHTML={{
          __html: renderMarkdown(publicTexts(settings, getConfig().appUrl, new Date(), await getLocale()).homeText),
        }}
      />
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link href="/jobs">{t("seeJobs")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/mail">{t("writeToUs")}</Link>
        </Button>
      </div>
      {jobs.length > 0 ? (
        <section aria-labelledby="jobs-heading" className="mt-16">
          <h2 id="jobs-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            {t("hiring")}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {jobs.map((job) => (
              <li
                key={job.id}
                className="relative rounded-lg border p-4 focus-within:ring-2 focus-within:ring-ring hover:bg-muted/40"
              >
                <Link href={`/jobs/${job.slug}`} className="font-medium outline-none after:absolute after:inset-0">
                  {job.title}
                </Link>
                <p className="mt-1 text-sm text-muted-foreground">
                  {jobFacts(job, settings.locale, words)
                    .slice(0, 2)
                    .map((fact) => fact.value)
                    .join(" · ")}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {address.length > 0 || settings.email || settings.phone ? (
        <section aria-labelledby="contact-heading" className="mt-16 max-w-md">
          <h2 id="contact-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            {t("contact")}
          </h2>
          <address className="mt-3 not-italic leading-relaxed">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            {settings.email ? (
              <a className="block underline underline-offset-4" href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            ) : null}
            {settings.phone ? <span className="block">{settings.phone}</span> : null}
          </address>
        </section>
      ) : null}
    </main>
  );
}
