"use client";

// An issued document's client share links (decision 059): create one (shown once, to copy), see
// each link's origin, expiry and last opening, and revoke it.
import { CheckIcon, CopyIcon, LinkIcon } from "lucide-react";
import { useState } from "react";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useActionForm } from "@/components/use-action-form";
import { ConfirmAction } from "@/modules/invoices/components/invoice-actions-panel";
import { createShareLinkAction, revokeShareLinkAction } from "../share-link-actions";
import type { ShareLinkState } from "../share-link-rules";
import { type CreateShareLinkFormInput, createShareLinkInput } from "../share-link-schemas";

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

const STATE_LABELS: Record<ShareLinkState, string> = { active: "Active", expired: "Expired", revoked: "Revoked" };
const STATE_VARIANTS: Record<ShareLinkState, BadgeVariant> = {
  active: "success",
  expired: "neutral",
  revoked: "neutral",
};

function NewLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert>
      <AlertDescription className="grid gap-2">
        <span>Copy this link now: it is shown only once. To share the document again later, create a new link.</span>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            readOnly
            value={url}
            aria-label="New link"
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
            {copied ? "Copied" : "Copy link"}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

export function ShareLinksPanel({
  target,
  documentLabel,
  links,
  canShare,
  today,
}: {
  /** The document the links show. */
  target: { invoiceId: string } | { quoteId: string };
  /** "invoice", "credit note" or "quote", for the texts. */
  documentLabel: string;
  links: ShareLinkListItem[];
  canShare: boolean;
  today: string;
}) {
  const [made, setMade] = useState<string | null>(null);
  const empty: CreateShareLinkFormInput = { ...target, expiresOn: "" };
  const { form, submit, formError } = useActionForm<CreateShareLinkFormInput>({
    schema: createShareLinkInput,
    defaultValues: empty,
  });
  const expiresError = form.formState.errors.expiresOn?.message;
  const onSubmit = submit(createShareLinkAction, {
    success: "Link created.",
    onSuccess: ({ url }) => {
      setMade(url);
      form.reset(empty);
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Client links</CardTitle>
        <CardDescription>
          {documentLabel === "quote"
            ? "A link lets your client view this quote, download its PDF and accept or decline it without signing in."
            : `A link lets your client view this ${documentLabel} and download its PDF and e-invoice without signing in.`}
          Anyone who has the link can see the {documentLabel}: revoke it when it is no longer needed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {made ? <NewLink url={made} /> : null}
        {canShare ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Create a link">
            <FormError {...formError} className="basis-full" />
            <p id="share-expiresOn-description" className="basis-full text-sm text-muted-foreground">
              Choose the last day a new link works, or leave it empty: it then works until you revoke it.
            </p>
            <FormField label="Works until (optional)" htmlFor="share-expiresOn" error={expiresError}>
              <Input
                {...fieldAria("share-expiresOn", { error: expiresError, description: true })}
                {...form.register("expiresOn")}
                id="share-expiresOn"
                type="date"
                min={today}
                className="w-44"
              />
            </FormField>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              <LinkIcon aria-hidden="true" />
              {form.formState.isSubmitting ? "Creating…" : "Create link"}
            </Button>
          </form>
        ) : null}
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No link yet.</p>
        ) : (
          <Table data-testid="share-links">
            <TableHeader>
              <TableRow>
                <TableHead>Created</TableHead>
                <TableHead>Made</TableHead>
                <TableHead>Works until</TableHead>
                <TableHead>Last opened</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {links.map((link) => (
                <TableRow key={link.id} data-testid="share-link-row">
                  <TableCell>
                    <div>{link.created}</div>
                    {link.createdBy ? <div className="text-xs text-muted-foreground">by {link.createdBy}</div> : null}
                  </TableCell>
                  <TableCell>{link.via}</TableCell>
                  <TableCell>{link.expires ?? "Until revoked"}</TableCell>
                  <TableCell>
                    {link.lastViewed ? (
                      <>
                        <div>{link.lastViewed}</div>
                        <div className="text-xs text-muted-foreground">
                          {link.viewCount} {link.viewCount === 1 ? "view" : "views"}
                        </div>
                      </>
                    ) : (
                      "Never"
                    )}
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATE_VARIANTS[link.state]}>{STATE_LABELS[link.state]}</Badge>
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
                            aria-label={`Revoke the link created ${link.created}`}
                          >
                            Revoke
                          </Button>
                        }
                        title="Revoke this link?"
                        description={`Whoever has it will no longer see the ${documentLabel}. This cannot be undone; you can create a new link.`}
                        confirmLabel="Revoke link"
                        destructive
                        run={() => revokeShareLinkAction({ id: link.id })}
                        options={{ success: "Link revoked." }}
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
