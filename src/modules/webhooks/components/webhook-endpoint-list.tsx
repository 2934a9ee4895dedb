import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { WebhookDeliveryView, WebhookEndpointView } from "../webhook-queries";
import { RedeliverButton, WebhookEndpointButtons } from "./webhook-endpoint-actions";

const when = (value: Date | null) => (value ? value.toISOString().slice(0, 19).replace("T", " ") + " UTC" : "—");

const STATUS_VARIANT: Record<WebhookDeliveryView["status"], "success" | "danger" | "info" | "neutral"> = {
  succeeded: "success",
  failed: "danger",
  queued: "info",
  sending: "neutral",
};

function DeliveryResult({ delivery }: { delivery: WebhookDeliveryView }) {
  const t = useTranslations("webhooks.log");
  return (
    <>
      <Badge variant={STATUS_VARIANT[delivery.status]}>{t(`status.${delivery.status}`)}</Badge>{" "}
      {delivery.lastStatus !== null ? `HTTP ${delivery.lastStatus}` : null}
      {delivery.lastError && delivery.lastStatus === null ? (
        <span className="block max-w-72 text-xs break-words text-muted-foreground">{delivery.lastError}</span>
      ) : null}
    </>
  );
}

const finished = (delivery: WebhookDeliveryView) => delivery.status === "succeeded" || delivery.status === "failed";

/** Small screens: one block a delivery instead of a table to scroll sideways. */
function DeliveryList({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  const t = useTranslations("webhooks.log");
  return (
    <ul className="grid gap-3 sm:hidden">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="grid gap-1 border-b pb-3 text-sm last:border-b-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-xs">{delivery.eventType}</span>
            <span>
              <DeliveryResult delivery={delivery} />
            </span>
          </div>
          <div className="text-muted-foreground">
            {when(delivery.lastAttemptAt ?? delivery.createdAt)} · {t("attemptN", { attempt: delivery.attempts })}
            {delivery.lastDurationMs !== null ? ` · ${delivery.lastDurationMs} ms` : null}
          </div>
          {delivery.status === "queued" ? (
            <div className="text-muted-foreground">{t("nextRetryAt", { when: when(delivery.nextAttemptAt) })}</div>
          ) : null}
          {finished(delivery) ? (
            <div>
              <RedeliverButton id={delivery.id} eventType={delivery.eventType} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function DeliveryTable({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  const t = useTranslations("webhooks.log");
  return (
    <div className="hidden overflow-x-auto sm:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("event")}</TableHead>
            <TableHead>{t("time")}</TableHead>
            <TableHead>{t("attempt")}</TableHead>
            <TableHead>{t("result")}</TableHead>
            <TableHead>{t("duration")}</TableHead>
            <TableHead>{t("nextRetry")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell className="font-mono text-xs whitespace-nowrap">{delivery.eventType}</TableCell>
              <TableCell className="text-sm whitespace-nowrap">
                {when(delivery.lastAttemptAt ?? delivery.createdAt)}
              </TableCell>
              <TableCell className="text-sm">{delivery.attempts}</TableCell>
              <TableCell className="text-sm">
                <DeliveryResult delivery={delivery} />
              </TableCell>
              <TableCell className="text-sm whitespace-nowrap">
                {delivery.lastDurationMs !== null ? `${delivery.lastDurationMs} ms` : "—"}
              </TableCell>
              <TableCell className="text-sm whitespace-nowrap">
                {delivery.status === "queued" ? when(delivery.nextAttemptAt) : "—"}
              </TableCell>
              <TableCell className="text-right">
                {finished(delivery) ? <RedeliverButton id={delivery.id} eventType={delivery.eventType} /> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function DeliveryLog({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  const t = useTranslations("webhooks.log");
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">{t("empty")}</p>;
  return (
    <>
      <DeliveryList deliveries={deliveries} />
      <DeliveryTable deliveries={deliveries} />
    </>
  );
}

export function WebhookEndpointList({ endpoints }: { endpoints: WebhookEndpointView[] }) {
  const t = useTranslations("webhooks.list");
  if (endpoints.length === 0) return <p className="text-sm text-muted-foreground">{t("empty")}</p>;
  return (
    <div className="grid gap-4">
      {endpoints.map((endpoint) => (
        <Card key={endpoint.id} data-testid="webhook-endpoint">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2 text-base">
              <span className="font-mono text-sm break-all">{endpoint.url}</span>
              <Badge variant={endpoint.active ? "success" : "neutral"}>
                {endpoint.active ? t("active") : t("disabled")}
              </Badge>
            </CardTitle>
            <CardDescription>
              {endpoint.description ? `${endpoint.description} · ` : null}
              {t.rich("events", {
                events: endpoint.events.join(", "),
                code: (chunks) => <span className="font-mono text-xs">{chunks}</span>,
              })}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <WebhookEndpointButtons id={endpoint.id} url={endpoint.url} active={endpoint.active} />
            <section aria-label={t("deliveriesTo", { url: endpoint.url })} className="grid gap-2">
              <h3 className="text-sm font-medium">{t("log")}</h3>
              <DeliveryLog deliveries={endpoint.deliveries} />
            </section>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
