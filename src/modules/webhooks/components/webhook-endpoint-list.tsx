import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { WebhookDeliveryView, WebhookEndpointView } from "../webhook-queries";
import { RedeliverButton, WebhookEndpointButtons } from "./webhook-endpoint-actions";

const when = (value: Date | null) => (value ? value.toISOString().slice(0, 19).replace("T", " ") + " UTC" : "—");

const STATUS: Record<
  WebhookDeliveryView["status"],
  { label: string; variant: "success" | "danger" | "info" | "neutral" }
> = {
  succeeded: { label: "Delivered", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
  queued: { label: "Waiting", variant: "info" },
  sending: { label: "Sending", variant: "neutral" },
};

function DeliveryResult({ delivery }: { delivery: WebhookDeliveryView }) {
  const status = STATUS[delivery.status];
  return (
    <>
      <Badge variant={status.variant}>{status.label}</Badge>{" "}
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
            {when(delivery.lastAttemptAt ?? delivery.createdAt)} · attempt {delivery.attempts}
            {delivery.lastDurationMs !== null ? ` · ${delivery.lastDurationMs} ms` : null}
          </div>
          {delivery.status === "queued" ? (
            <div className="text-muted-foreground">Next retry: {when(delivery.nextAttemptAt)}</div>
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
  return (
    <div className="hidden overflow-x-auto sm:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Time</TableHead>
            <TableHead>Attempt</TableHead>
            <TableHead>Result</TableHead>
            <TableHead>Duration</TableHead>
            <TableHead>Next retry</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
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
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <>
      <DeliveryList deliveries={deliveries} />
      <DeliveryTable deliveries={deliveries} />
    </>
  );
}

export function WebhookEndpointList({ endpoints }: { endpoints: WebhookEndpointView[] }) {
  if (endpoints.length === 0)
    return <p className="text-sm text-muted-foreground">No endpoints yet. Add one above to receive events.</p>;
  return (
    <div className="grid gap-4">
      {endpoints.map((endpoint) => (
        <Card key={endpoint.id} data-testid="webhook-endpoint">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2 text-base">
              <span className="font-mono text-sm break-all">{endpoint.url}</span>
              <Badge variant={endpoint.active ? "success" : "neutral"}>{endpoint.active ? "Active" : "Disabled"}</Badge>
            </CardTitle>
            <CardDescription>
              {endpoint.description ? `${endpoint.description} · ` : null}
              Events: <span className="font-mono text-xs">{endpoint.events.join(", ")}</span>
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <WebhookEndpointButtons id={endpoint.id} url={endpoint.url} active={endpoint.active} />
            <section aria-label={`Deliveries to ${endpoint.url}`} className="grid gap-2">
              <h3 className="text-sm font-medium">Delivery log</h3>
              <DeliveryLog deliveries={endpoint.deliveries} />
            </section>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
