import { NotFoundStatus } from "@/components/status-page";

// Inside the shell: the sidebar stays, so the way on is one click away.
export default function BackOfficeNotFound() {
  return <NotFoundStatus />;
}
