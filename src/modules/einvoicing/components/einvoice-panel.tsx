import { CheckCircle2Icon, FileCode2Icon, FileDownIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useTextTranslator } from "@/i18n/use-texts";
import Link from "@/components/app-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EINVOICE_FORMAT_LABELS, type EinvoiceFormat } from "../einvoice-model";
import type { EinvoiceProblem } from "../einvoice-rules";

// The invoice page's e-invoice section (decision 028): for an issued invoice or credit note, a
// download per format the document passes, and for each format it does not, why, in words, with
// the refusal's code and a link to where the missing datum is kept. On a draft, the same checks
// say what to fix before issuing.

export type EinvoicePanelProps = {
  invoiceId: string;
  clientId: string;
  kind: "invoice" | "credit_note";
  isDraft: boolean;
  defaultFormat: EinvoiceFormat | null;
  statuses: { format: EinvoiceFormat; problems: EinvoiceProblem[] }[];
};

/** Where the datum a problem is about is kept. */
function fixLink(
  problem: EinvoiceProblem,
  props: EinvoicePanelProps,
  t: (key: "fixClient" | "fixFirm" | "fixInvoice") => string,
): { href: string; label: string } | null {
  switch (problem.subject) {
    case "buyer":
    case "delivery":
      return { href: `/bo/clients/${props.clientId}`, label: t("fixClient") };
    case "seller":
    case "payment":
      return { href: "/bo/settings", label: t("fixFirm") };
    case "document":
    case "line":
      return props.isDraft ? { href: `/bo/invoices/edit/${props.invoiceId}`, label: t("fixInvoice") } : null;
    default:
      return null;
  }
}

export function EinvoicePanel(props: EinvoicePanelProps) {
  const { invoiceId, isDraft, defaultFormat } = props;
  const t = useTranslations("invoices.einvoice");
  const translateText = useTextTranslator();
  const kind = props.kind;
  const ordered = [...props.statuses].sort(
    (a, b) => Number(b.format === defaultFormat) - Number(a.format === defaultFormat),
  );
  return (
    <Card data-print-hide="" aria-labelledby="einvoice-title">
      <CardHeader>
        <CardTitle id="einvoice-title">{isDraft ? t("checksTitle") : t("downloadTitle")}</CardTitle>
        <CardDescription>{isDraft ? t("checksText", { kind }) : t("downloadText", { kind })}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" data-testid="einvoice-formats">
          {ordered.map(({ format, problems }) => {
            const label = EINVOICE_FORMAT_LABELS[format];
            return (
              <li key={format} className="grid gap-2 rounded-md border p-3" data-format={format}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex items-center gap-2 font-medium">
                    {problems.length === 0 ? (
                      <CheckCircle2Icon aria-hidden="true" className="size-4 text-emerald-600" />
                    ) : (
                      <TriangleAlertIcon aria-hidden="true" className="size-4 text-amber-600" />
                    )}
                    {label}
                    {format === defaultFormat ? <Badge variant="secondary">{t("clientFormat")}</Badge> : null}
                  </span>
                  {problems.length === 0 ? (
                    isDraft ? (
                      <span className="text-sm text-muted-foreground">{t("ready")}</span>
                    ) : (
                      <Button asChild variant="outline" size="sm">
                        <a href={`/bo/invoices/${invoiceId}/einvoice?format=${format}`} download>
                          {format === "factur-x" ? (
                            <FileDownIcon aria-hidden="true" />
                          ) : (
                            <FileCode2Icon aria-hidden="true" />
                          )}
                          {t("download", { format: label })}
                        </a>
                      </Button>
                    )
                  ) : (
                    <span className="text-sm text-muted-foreground">{isDraft ? t("notReady") : t("cannotSend")}</span>
                  )}
                </div>
                {problems.length > 0 ? (
                  <ul className="grid gap-1 text-sm" aria-label={t("why", { format: label })}>
                    {problems.map((problem, index) => {
                      const link = fixLink(problem, props, t);
                      return (
                        <li key={`${problem.code}-${index}`} data-code={problem.code}>
                          {translateText(problem.message)}{" "}
                          {link ? (
                            <Link href={link.href} className="text-primary underline underline-offset-4">
                              {link.label}
                            </Link>
                          ) : null}{" "}
                          <code className="text-xs text-muted-foreground">{problem.code}</code>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
        {!isDraft && props.statuses.some((status) => status.problems.length > 0) ? (
          <p className="mt-3 text-sm text-muted-foreground">{t("frozen", { kind })}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
