"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { transitionJobAction } from "../job-actions";

type Status = "draft" | "published" | "closed";

/** Publish a draft, close a published job, re-open a closed one. */
export function JobStatusActions({ id, version, status }: { id: string; version: number; status: Status }) {
  const t = useTranslations("jobs.statusActions");
  const action = useAction();
  const pending = action.pending;
  const run = (transition: "publish" | "close" | "reopen") =>
    void action.run(() => transitionJobAction({ id, version, transition }), { errorToast: true });
  switch (status) {
    case "draft":
      return (
        <Button onClick={() => run("publish")} disabled={pending}>
          {t("publish")}
        </Button>
      );
    case "published":
      return (
        <Button variant="outline" onClick={() => run("close")} disabled={pending}>
          {t("close")}
        </Button>
      );
    case "closed":
      return (
        <Button onClick={() => run("reopen")} disabled={pending}>
          {t("reopen")}
        </Button>
      );
  }
}
