import type { Metadata, Viewport } from "next";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import { Toaster } from "@/components/ui/toaster";
import { INTERFACE_LANGUAGES } from "@/i18n/request-language";
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

export default function RootLayout({ children }: { children: React.ReactNode }) {
  // The interface's language. It is English only until the interface is translated; then it becomes
  // requestLanguage() (the browser's on the public site, the firm's in the back office).
  const lang = INTERFACE_LANGUAGES[0];
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
