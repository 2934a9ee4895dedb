import { CheckCircle2Icon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { getConfig } from "@/lib/env";
import { ContactForm } from "@/modules/messages/components/contact-form";
import { signFormToken } from "@/modules/public-site/anti-spam-rules";
import { retentionDays } from "@/modules/public-site/retention-rules";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getPageSettings();
  return {
    title: { absolute: `Contact · ${settings.firmName}` },
    description: `Write to ${settings.firmName} or ask to be called back.`,
    alternates: { canonical: "/mail" },
  };
}

export default async function MailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const settings = await getPageSettings();
  const sent = (await searchParams).sent;
  return (
    <main className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Write to us</h1>
      <p className="mt-3 text-muted-foreground">
        A question, a project, a request for a quote? Send {settings.firmName} a message, or tick “Call me back” and we
        will phone you.
      </p>
      <div className="mt-10">
        {sent ? (
          <Alert>
            <CheckCircle2Icon aria-hidden />
            <AlertTitle>Thank you, your message was sent.</AlertTitle>
            <AlertDescription>
              {sent === "callback" ? "We will call you back soon. " : "We will answer by email soon. "}A confirmation is
              on its way to your inbox.{" "}
              <Link href="/mail" className="underline underline-offset-4">
                Write another message
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <ContactForm
            formToken={signFormToken(getConfig().authSecret, "mail")}
            retentionDays={retentionDays(settings.messageRetentionMonths)}
          />
        )}
      </div>
    </main>
  );
}
