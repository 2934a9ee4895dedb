import { PhoneIcon } from "lucide-react";
import type { Metadata } from "next";
import type { SearchParams } from "@/lib/search-params";
import { callList } from "@/modules/calls/call-schemas";
import { CallsPage } from "@/modules/calls/components/calls-page";

export const metadata: Metadata = { title: "Calls" };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CallsPage query={callList.parse(await searchParams)} icon={<PhoneIcon />} />;
}
