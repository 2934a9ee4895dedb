import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { ArrowLeftIcon, DownloadIcon } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
import { formatDateTime } from "@/lib/dates";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { EmailStatusBadge } from "@/modules/mail/components/email-status-badge";
import { RetryEmailButton } from "@/modules/mail/components/retry-email-button";
import { getEmail } from "@/modules/mail/mail-queries";
import { ABOUT_TYPES, aboutHref, previewDocument } from "@/modules/mail/mail-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("outbox.mail");
  return { title: t("title") };
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

export default async function OutboxMailPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePermission("outbox.read");
  const { id } = await params;
  const db = getDb();
  const [settings, mail] = await Promise.all([getPageSettings(), orErrorPage(getEmail(db, id))]);
  const when = (value: Date | null) => (value ? formatDateTime(value, settings.locale, settings.timezone) : "—");
  const about = aboutHref(mail.aboutType, mail.aboutId);
  const t = await getTranslations("outbox.mail");
  const aboutWord = await getTranslations("outbox.about");
  const aboutLabel = mail.aboutType
    ? (ABOUT_TYPES as readonly string[]).includes(mail.aboutType)
      ? aboutWord(mail.aboutType)
      : mail.aboutType
    : "—";

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link href="/bo/outbox">
            <ArrowLeftIcon aria-hidden="true" />
            {t("back")}
          </Link>
        </Button>
      </div>
      <PageHeader
        title={mail.subject}
        description={<EmailStatusBadge status={mail.status} />}
        actions={mail.status === "failed" ? <RetryEmailButton id={mail.id} size="default" /> : null}
      />

      <Card>
        <CardHeader>
          <CardTitle>{t("details")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            {mail.fromHeader ? (
              <>
                <dt className="text-muted-foreground">{t("from")}</dt>
                <dd className="break-words">{mail.fromHeader}</dd>
              </>
            ) : null}
            {mail.replyTo ? (
              <>
                <dt className="text-muted-foreground">{t("replyTo")}</dt>
                <dd className="break-words">{mail.replyTo}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t("to")}</dt>
            <dd className="break-words">{mail.to.join(", ")}</dd>
            {mail.cc.length > 0 ? (
              <>
                <dt className="text-muted-foreground">{t("cc")}</dt>
                <dd className="break-words">{mail.cc.join(", ")}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t("about")}</dt>
            <dd>
              {about ? (
                <Link href={about} className={linkClass}>
                  {aboutLabel}
                </Link>
              ) : (
                aboutLabel
              )}
            </dd>
            <dt className="text-muted-foreground">{t("written")}</dt>
            <dd className="tabular-nums">{when(mail.createdAt)}</dd>
            <dt className="text-muted-foreground">{t("tries")}</dt>
            <dd className="tabular-nums">{t("triesValue", { attempts: mail.attempts, max: 8 })}</dd>
            {mail.status === "queued" && mail.attempts > 0 ? (
              <>
                <dt className="text-muted-foreground">{t("nextTry")}</dt>
                <dd className="tabular-nums">{when(mail.nextAttemptAt)}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t("sent")}</dt>
            <dd className="tabular-nums">{when(mail.sentAt)}</dd>
            <dt className="text-muted-foreground">{t("messageId")}</dt>
            <dd className="font-mono text-xs break-all">{mail.messageId}</dd>
          </dl>
        </CardContent>
      </Card>

      {mail.errors.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("errors")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-2 text-sm">
              {mail.errors.map((entry, index) => (
                <li key={index} className="break-words">
                  <span className="text-muted-foreground tabular-nums">
                    {t("errorTry", { attempt: entry.attempt, at: when(new Date(entry.at)) })}
                  </span>{" "}
                  {entry.message}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : null}

      {mail.attachments.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("attachments")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {mail.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <a
                    href={`/bo/outbox/${mail.id}/attachments/${attachment.id}`}
                    className={`${linkClass} inline-flex items-center gap-1`}
                    download={attachment.filename}
                  >
                    <DownloadIcon className="size-4" aria-hidden="true" />
                    {attachment.filename}
                  </a>{" "}
                  <span className="text-muted-foreground">
                    {t("attachmentFacts", {
                      type: attachment.contentType,
                      size: formatSize(attachment.size),
                      inline: attachment.contentId ? "yes" : "no",
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t("htmlVersion")}</CardTitle>
        </CardHeader>
        <CardContent>
          <iframe
            title={t("htmlFrameTitle", { subject: mail.subject })}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={previewDocument(
              mail.html,
              Object.fromEntries(
                mail.inline.map((part) => [
                  part.contentId,
                  `data:${part.contentType};base64,${part.content.toString("base64")}`,
                ]),
              ),
            )}
            className="h-[32rem] w-full rounded-md border bg-white"
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("textVersion")}</CardTitle>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded-md bg-muted p-4 text-sm whitespace-pre-wrap">{mail.text}</pre>
        </CardContent>
      </Card>
    </div>
  );
}
