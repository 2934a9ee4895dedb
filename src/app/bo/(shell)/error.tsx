"use client";

import { useEffect } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { reportBrowserError } from "@/modules/monitoring/sentry-browser";

// Inside the shell the navigation stays usable; Next.js resets this boundary on navigation.
export default function BackOfficeError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
    reportBrowserError(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-xl py-12">
      <Alert variant="destructive">
        <AlertTitle>Something went wrong on this page</AlertTitle>
        <AlertDescription>
          <p>Nothing you saved before this message is lost. Try again, or go to another section.</p>
          {error.digest ? <p className="mt-2 font-mono text-xs">Digest: {error.digest}</p> : null}
        </AlertDescription>
      </Alert>
      <Button className="mt-4" onClick={() => reset()}>
        Try again
      </Button>
    </div>
  );
}
