import { PhoneIcon } from "lucide-react";
import type { Metadata } from "next";
import { CallsPage } from "@/modules/calls/components/calls-page";

export const metadata: Metadata = { title: "Calls" };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <CallsPage searchParams={await searchParams} icon={<PhoneIcon />} />;
}
