import type { Metadata } from "next";
import { StatusPage } from "@/components/status-page";

export const metadata: Metadata = { title: "Access denied" };

export default function Forbidden() {
  return (
    <StatusPage code={403} title="Access denied">
      <p>Your role does not give access to this page. If you need it, ask an administrator of your firm.</p>
    </StatusPage>
  );
}
