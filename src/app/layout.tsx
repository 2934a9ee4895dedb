import type { Metadata, Viewport } from "next";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import { Toaster } from "@/components/ui/toaster";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import { clientMessages } from "@/i18n/client-messages";
import { requestLanguage } from "@/i18n/request-language";
import { ReportingMeta } from "@/modules/monitoring/components/reporting-meta";
import "./globals.css";

// Every page reads the database or the session: nothing is prerendered at build time.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.meta");
  return { title: { default: "Bureau", template: "%s · Bureau" }, description: t("description") };
}

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0d12" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The interface's language (decision 067): the person's own in the back office, else the firm's;
  // the switcher's or the browser's on the public site.
  const lang = await requestLanguage();
  return (
    <html lang={lang} className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <head>
        <ReportingMeta />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <NextIntlClientProvider locale={lang} messages={clientMessages(lang)}>
          {children}
          <Toaster />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
