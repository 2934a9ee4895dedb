import type { Metadata } from "next";
import { NotFoundStatus } from "@/components/status-page";

export const metadata: Metadata = { title: "Page not found" };

// Outside the site and the back office (their own not-found pages keep their navigation).
export default function NotFound() {
  return (
    <main>
      <NotFoundStatus />
    </main>
  );
}
