import type { Metadata } from "next";
import { NotFoundStatus } from "@/components/status-page";

export const metadata: Metadata = { title: "Page not found" };

// Inside the site's header and footer, like every public page.
export default function SiteNotFound() {
  return (
    <main>
      <NotFoundStatus />
    </main>
  );
}
