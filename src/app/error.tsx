"use client";

import { ApplicationError } from "@/components/application-error";

export default function RootError({ error }: { error: Error & { digest?: string } }) {
  return <ApplicationError error={error} translated />;
}
