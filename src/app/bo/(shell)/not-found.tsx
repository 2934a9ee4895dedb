import type { Metadata } from "next";
import { NotFoundStatus } from "@/components/status-page";

export const metadata: Metadata = { title: "Page not found" };

// Inside the shell: the sidebar stays, so the way on is one click away.
export default function BackOfficeNotFound() {
  return <NotFoundStatus />;
}
