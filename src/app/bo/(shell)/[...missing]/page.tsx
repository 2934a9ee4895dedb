import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.status"))("notFoundTitle") };
}

// An address under /bo that no route answers: the 404 page inside the shell, for signed-in people
// only (everyone else goes to sign-in, as for any other back-office address).
export default async function UnknownBackOfficePage() {
  await requireUser();
  notFound();
}
