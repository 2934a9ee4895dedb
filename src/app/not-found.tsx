import type { Metadata } from "next";
import { StatusPage } from "@/components/status-page";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <StatusPage code={404} title="Page not found">
      <p>There is nothing at this address. It may have been moved or deleted, or the link may be mistyped.</p>
    </StatusPage>
  );
}
