import type { Metadata, Viewport } from "next";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import { getLocale } from "next-intl/server";
import { Toaster } from "@/components/ui/toaster";
import { ReportingMeta } from "@/modules/monitoring/components/reporting-meta";
import "./globals.css";

// Every page reads the database or the session: nothing is prerendered at build time.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Bureau", template: "%s · Bureau" },
  description: "Bureau: calls, timesheets, invoices, jobs and mail for a small services firm.",
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0d12" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The request's language (src/i18n/request.ts): the browser's on the public site, the firm's in the back office.
  const lang = await getLocale();
  return (
    <html lang={lang} className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <head>
        <ReportingMeta />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
