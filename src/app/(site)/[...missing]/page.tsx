import type { Metadata } from "next";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Page not found" };

// An address no route answers: the 404 page inside the site's layout. Without this, Next.js
// renders the root not-found page, outside every layout, and the site's navigation is lost.
export default function UnknownSitePage() {
  notFound();
}
