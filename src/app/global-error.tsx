"use client";

import { ApplicationError } from "@/components/application-error";
import "./globals.css";

// Replaces the root layout when the layout itself fails, so it brings its own <html>.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="bg-background font-sans text-foreground">
        <ApplicationError error={error} />
      </body>
    </html>
  );
}
