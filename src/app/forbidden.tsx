import type { Metadata } from "next";
import { ForbiddenStatus } from "@/components/status-page";

export const metadata: Metadata = { title: "Access denied" };

// Outside the back office (its own 403 page keeps the sidebar).
export default function Forbidden() {
  return (
    <main>
      <ForbiddenStatus />
    </main>
  );
}
