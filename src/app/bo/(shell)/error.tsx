"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { reportBrowserError } from "@/modules/monitoring/sentry-browser";

// Inside the shell the navigation stays usable; Next.js resets this boundary on navigation.
export default function BackOfficeError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common.pageError");
  useEffect(() => {
    console.error(error);
    reportBrowserError(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-xl py-12">
      <Alert variant="destructive">
        <AlertTitle>{t("title")}</AlertTitle>
        <AlertDescription>
          <p>{t("text")}</p>
          {error.digest ? <p className="mt-2 font-mono text-xs">{t("digest", { digest: error.digest })}</p> : null}
        </AlertDescription>
      </Alert>
      <Button className="mt-4" onClick={() => reset()}>
        {t("tryAgain")}
      </Button>
    </div>
  );
}
