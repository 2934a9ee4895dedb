import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/session";

export const metadata: Metadata = { title: "Page not found" };

// An address under /bo that no route answers: the 404 page inside the shell, for signed-in people
// only (everyone else goes to sign-in, as for any other back-office address).
export default async function UnknownBackOfficePage() {
  await requireUser();
  notFound();
}
