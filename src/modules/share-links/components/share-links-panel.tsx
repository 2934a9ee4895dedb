"use client";

// An issued document's client share links (decision 059): create one (shown once, to copy), see
// each link's origin, expiry and last opening, and revoke it.
import { CheckIcon, CopyIcon, LinkIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { CORRECT_FIELDS_MESSAGE } from "@/components/form-errors";
import { useAction } from "@/components/use-action";
import { useTextTranslator } from "@/i18n/use-texts";
import { ConfirmAction } from "@/components/confirm-action";
import { createShareLinkAction, revokeShareLinkAction } from "../share-link-actions";
import type { ShareLinkState } from "../share-link-rules";
import type { CreateShareLinkFormInput } from "../share-link-schemas";

/**
 * The form checks with the action's schema before sending, as every form does; the schema's module
 * (with zod) loads when the form is first approached, not with the page (decision 072).
 */
const loadSchemas = () => import("../share-link-schemas");
const warmSchemas = () => void loadSchemas();

/** One link as the list shows it, its dates already written in the firm's locale and timezone. */
export type ShareLinkListItem = {
  id: string;
  state: ShareLinkState;
  created: string;
  createdBy: string | null;
  via: string;
  expires: string | null;
  lastViewed: string | null;
  viewCount: number;
  revoked: string | null;
};

const STATE_VARIANTS: Record<ShareLinkState, BadgeVariant> = {
  active: "success",
  expired: "neutral",
  revoked: "neutral",
};

function NewLink({ url }: { url: string }) {
  const t = useTranslations("shareLinks.panel");
  const [copied, setCopied] = useState(false);
  return (
    <Alert>
      <AlertDescription className="grid gap-2">
        <span>{t("copyNow")}</span>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            readOnly
            value={url}
            aria-label={t("newLink")}
            data-testid="new-share-link"
            className="min-w-0 flex-1 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? t("copied") : t("copyLink")}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

export function ShareLinksPanel({
  target,
  documentKind,
  links,
  canShare,
  today,
}: {
  /** The document the links show. */
  target: { invoiceId: string } | { quoteId: string };
  /** What the links show, for the texts. */
  documentKind: "invoice" | "credit_note" | "quote";
  links: ShareLinkListItem[];
  canShare: boolean;
  today: string;
}) {
  const t = useTranslations("shareLinks.panel");
  const [made, setMade] = useState<string | null>(null);
  const [expiresOn, setExpiresOn] = useState("");
  const [expiresError, setExpiresError] = useState<string | undefined>();
  const action = useAction();
  const translate = useTextTranslator();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values: CreateShareLinkFormInput = { ...target, expiresOn };
    const { createShareLinkInput } = await loadSchemas();
    const checked = createShareLinkInput.safeParse(values);
    if (!checked.success) {
      const issue = checked.error.issues.find((item) => item.path[0] === "expiresOn");
      setExpiresError(issue ? translate(issue.message) : undefined);
      action.fail(
        issue ? CORRECT_FIELDS_MESSAGE : (checked.error.issues[0]?.message ?? CORRECT_FIELDS_MESSAGE),
        element,
      );
      return;
    }
    setExpiresError(undefined);
    await action.run(() => createShareLinkAction(values), {
      success: t("created"),
      container: element,
      onError: (result) => {
        const message = result.fieldErrors?.expiresOn;
        setExpiresError(message ? translate(message) : undefined);
      },
      onSuccess: ({ url }) => {
        setMade(url);
        setExpiresOn("");
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>
          {t("description", { kind: documentKind })} {t("anyone", { kind: documentKind })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {made ? <NewLink url={made} /> : null}
        {canShare ? (
          <form
            onSubmit={(event) => void onSubmit(event)}
            onFocusCapture={warmSchemas}
            onPointerEnter={warmSchemas}
            noValidate
            className="flex flex-wrap items-end gap-3"
            aria-label={t("createLabel")}
          >
            <FormError {...action.formError} className="basis-full" />
            <p id="share-expiresOn-description" className="basis-full text-sm text-muted-foreground">
              {t("expiresHint")}
            </p>
            <FormField label={t("expiresLabel")} htmlFor="share-expiresOn" error={expiresError}>
              <Input
                {...fieldAria("share-expiresOn", { error: expiresError, description: true })}
                id="share-expiresOn"
                name="expiresOn"
                type="date"
                min={today}
                className="w-44"
                value={expiresOn}
                onChange={(event) => setExpiresOn(event.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={action.pending}>
              <LinkIcon aria-hidden="true" />
              {action.pending ? t("creating") : t("create")}
            </Button>
          </form>
        ) : null}
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("none")}</p>
        ) : (
          <Table data-testid="share-links">
            <TableHeader>
              <TableRow>
                <TableHead>{t("createdColumn")}</TableHead>
                <TableHead>{t("made")}</TableHead>
                <TableHead>{t("worksUntil")}</TableHead>
                <TableHead>{t("lastOpened")}</TableHead>
                <TableHead>{t("status")}</TableHead>
                <TableHead>
                  <span className="sr-only">{t("actions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {links.map((link) => (
                <TableRow key={link.id} data-testid="share-link-row">
                  <TableCell>
                    <div>{link.created}</div>
                    {link.createdBy ? (
                      <div className="text-xs text-muted-foreground">{t("by", { name: link.createdBy })}</div>
                    ) : null}
                  </TableCell>
                  <TableCell>{link.via}</TableCell>
                  <TableCell>{link.expires ?? t("untilRevoked")}</TableCell>
                  <TableCell>
                    {link.lastViewed ? (
                      <>
                        <div>{link.lastViewed}</div>
                        <div className="text-xs text-muted-foreground">{t("views", { count: link.viewCount })}</div>
                      </>
                    ) : (
                      t("never")
                    )}
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATE_VARIANTS[link.state]}>{t(`state.${link.state}`)}</Badge>
                    {link.revoked ? <div className="text-xs text-muted-foreground">{link.revoked}</div> : null}
                  </TableCell>
                  <TableCell className="text-right">
                    {canShare && link.state === "active" ? (
                      <ConfirmAction
                        trigger={
                          <Button
                            type="button"
                            variant="outline"
                            size="sm"
                            aria-label={t("revokeLabel", { date: link.created })}
                          >
                            {t("revoke")}
                          </Button>
                        }
                        title={t("revokeTitle")}
                        description={t("revokeText", { kind: documentKind })}
                        confirmLabel={t("revokeConfirm")}
                        destructive
                        run={() => revokeShareLinkAction({ id: link.id })}
                        options={{ success: t("revoked") }}
                      />
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
