"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { transitionJobAction } from "../job-actions";

type Status = "draft" | "published" | "closed";

/** Publish a draft, close a published job, re-open a closed one. */
export function JobStatusActions({ id, version, status }: { id: string; version: number; status: Status }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const run = (transition: "publish" | "close" | "reopen") =>
    startTransition(async () => {
      const result = await transitionJobAction({ id, version, transition });
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      toast.success(result.message ?? "Saved.");
      router.refresh();
    });
  switch (status) {
    case "draft":
      return (
        <Button onClick={() => run("publish")} disabled={pending}>
          Publish
        </Button>
      );
    case "published":
      return (
        <Button variant="outline" onClick={() => run("close")} disabled={pending}>
          Close job
        </Button>
      );
    case "closed":
      return (
        <Button onClick={() => run("reopen")} disabled={pending}>
          Re-open
        </Button>
      );
  }
}
