import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundStatus } from "@/components/status-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.status"))("notFoundTitle") };
}

// Outside the site and the back office (their own not-found pages keep their navigation).
export default function NotFound() {
  return (
    <main>
      <NotFoundStatus />
    </main>
  );
}
