import { NotFoundStatus } from "@/components/status-page";

// Inside the site's header and footer, like every public page.
export default function SiteNotFound() {
  return (
    <main>
      <NotFoundStatus />
    </main>
  );
}
