import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("site");
  return { title: t("notFoundTitle") };
}

// An address no route answers: the 404 page inside the site's layout. Without this, Next.js
// renders the root not-found page, outside every layout, and the site's navigation is lost.
export default function UnknownSitePage() {
  notFound();
}
