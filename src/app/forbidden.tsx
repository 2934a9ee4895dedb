import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ForbiddenStatus } from "@/components/status-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.status"))("forbiddenTitle") };
}

// Outside the back office (its own 403 page keeps the sidebar).
export default function Forbidden() {
  return (
    <main>
      <ForbiddenStatus />
    </main>
  );
}
