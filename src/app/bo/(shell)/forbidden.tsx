import type { Metadata } from "next";
import { ForbiddenStatus } from "@/components/status-page";

export const metadata: Metadata = { title: "Access denied" };

// Inside the shell: the sidebar stays, showing where this person may go.
export default function BackOfficeForbidden() {
  return <ForbiddenStatus />;
}
