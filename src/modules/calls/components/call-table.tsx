import Link from "next/link";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { dateInZone, formatDateTime } from "@/lib/dates";
import type { CallRow } from "../call-queries";
import {
  CALL_DIRECTION_LABELS,
  CALL_STATUS_LABELS,
  type CallStatus,
  canChangeCall,
  durationInputValue,
  formatCallDuration,
  formatPhone,
  instantToWallTime,
  isOverdue,
  MISSED_OUTCOME_LABELS,
  phoneHref,
} from "../call-rules";
import type { CallFormOptions, EditableCall } from "./call-form-options";
import { CallFormOptionsProvider, CallRowActions } from "./call-row-actions";

export const CALL_STATUS_VARIANTS: Record<CallStatus, BadgeVariant> = {
  requested: "warning",
  scheduled: "info",
  completed: "success",
  missed: "danger",
  cancelled: "neutral",
};

export type CallTableFirm = { country: string; locale: string; timezone: string };

export function toEditableCall(row: CallRow, timeZone: string): EditableCall {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    direction: row.direction,
    contactName: row.contactName,
    phone: row.phone ?? "",
    email: row.email ?? "",
    clientId: row.clientId ?? "",
    projectId: row.projectId ?? "",
    projectName: row.projectName,
    billable: row.billable,
    assignedUserId: row.assignedUserId ?? "",
    assignedUserName: row.assignedUserName,
    subject: row.subject,
    notes: row.notes ?? "",
    scheduledAt: row.scheduledAt ? instantToWallTime(row.scheduledAt, timeZone) : "",
    startedAt: row.startedAt ? instantToWallTime(row.startedAt, timeZone) : "",
    duration: durationInputValue(row.durationSeconds),
    outcome: row.outcome,
    timeEntryId: row.timeEntryId,
    durationSeconds: row.durationSeconds,
    timeEntryDate: row.startedAt ? dateInZone(row.startedAt, timeZone) : null,
  };
}

/** The calls as a table; each row offers its actions to whoever may change it. */
export function CallTable({
  rows,
  firm,
  options,
  now,
  showClient = true,
  caption,
}: {
  rows: CallRow[];
  firm: CallTableFirm;
  options: CallFormOptions;
  now: Date;
  showClient?: boolean;
  caption?: string;
}) {
  return (
    <CallFormOptionsProvider options={options}>
      <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <TableHeader className="sticky top-0 z-10 bg-background">
          <TableRow>
            <TableHead className="hidden sm:table-cell">When</TableHead>
            <TableHead>Contact</TableHead>
            <TableHead className="hidden md:table-cell">Subject</TableHead>
            {showClient ? <TableHead className="hidden lg:table-cell">Client</TableHead> : null}
            <TableHead className="hidden sm:table-cell">Person</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Duration</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const when = row.startedAt ?? row.scheduledAt;
            const overdue = isOverdue(row, now);
            const mayChange = canChangeCall(options.viewer, row).ok;
            return (
              <TableRow key={row.id} data-call-id={row.id}>
                <TableCell className="hidden align-top whitespace-nowrap tabular-nums sm:table-cell">
                  {when ? formatDateTime(when, firm.locale, firm.timezone, "medium") : <span className="text-muted-foreground">As soon as possible</span>}
                  {overdue ? (
                    <div>
                      <Badge variant="danger" className="mt-1">
                        Overdue
                      </Badge>
                    </div>
                  ) : null}
                </TableCell>
                <TableCell className="max-w-40 align-top sm:max-w-56">
                  <div className="truncate font-medium">{row.contactName}</div>
                  {/* On small screens the When column moves here. */}
                  <div className="text-xs tabular-nums sm:hidden">
                    {when ? formatDateTime(when, firm.locale, firm.timezone, "short") : "As soon as possible"}
                    {overdue ? <span className="font-medium text-destructive"> · Overdue</span> : null}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {CALL_DIRECTION_LABELS[row.direction]}
                    {row.phone ? (
                      <>
                        {" · "}
                        <a href={phoneHref(row.phone)} className="text-primary underline-offset-4 hover:underline tabular-nums">
                          {formatPhone(row.phone, firm.country)}
                        </a>
                      </>
                    ) : null}
                  </div>
                  <div className="truncate text-xs text-muted-foreground md:hidden">{row.subject}</div>
                </TableCell>
                <TableCell className="hidden max-w-72 align-top md:table-cell">
                  <div className="truncate">{row.subject}</div>
                  {row.notes ? <div className="truncate text-xs text-muted-foreground">{row.notes}</div> : null}
                  {row.followUpCallId ? <div className="text-xs text-muted-foreground">Follow-up scheduled</div> : null}
                </TableCell>
                {showClient ? (
                  <TableCell className="hidden align-top lg:table-cell">
                    {row.clientId ? (
                      <Link href={`/bo/clients/${row.clientId}`} className="text-primary underline-offset-4 hover:underline">
                        {row.clientName}
                      </Link>
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                    {row.projectName ? <div className="text-xs text-muted-foreground">{row.projectName}</div> : null}
                  </TableCell>
                ) : null}
                <TableCell className="hidden align-top sm:table-cell">{row.assignedUserName ?? <span className="text-muted-foreground">Nobody</span>}</TableCell>
                <TableCell className="align-top">
                  <Badge variant={CALL_STATUS_VARIANTS[row.status]}>{CALL_STATUS_LABELS[row.status]}</Badge>
                  {row.outcome ? <div className="mt-1 text-xs text-muted-foreground">{MISSED_OUTCOME_LABELS[row.outcome]}</div> : null}
                  {row.timeEntryId && row.timesheetId ? (
                    <div className="mt-1 text-xs">
                      <Link href={`/bo/timesheets/${row.timesheetId}`} className="text-primary underline-offset-4 hover:underline">
                        Time logged<span className="sr-only"> for the call with {row.contactName}</span>
                      </Link>
                    </div>
                  ) : row.billable ? (
                    <div className="mt-1 text-xs text-muted-foreground">Billable</div>
                  ) : null}
                </TableCell>
                <TableCell className="hidden text-right align-top tabular-nums sm:table-cell">
                  {row.durationSeconds ? formatCallDuration(row.durationSeconds) : <span className="text-muted-foreground">—</span>}
                </TableCell>
                <TableCell className="text-right align-top">{mayChange ? <CallRowActions call={toEditableCall(row, firm.timezone)} /> : null}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </CallFormOptionsProvider>
  );
}
