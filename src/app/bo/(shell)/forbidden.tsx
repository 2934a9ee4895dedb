import { ForbiddenStatus } from "@/components/status-page";

// Inside the shell: the sidebar stays, showing where this person may go.
export default function BackOfficeForbidden() {
  return <ForbiddenStatus />;
}
