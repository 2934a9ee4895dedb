import { getTranslations } from "next-intl/server";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { dateInZone, formatDateTime } from "@/lib/dates";
import type { CallRow } from "../call-queries";
import {
  canChangeCall,
  canTakeCall,
  durationInputValue,
  formatCallDuration,
  formatPhone,
  instantToWallTime,
  isOverdue,
  phoneHref,
} from "../call-rules";
import type { CallFormOptions, EditableCall } from "./call-form-options";
import { type CallListRow, CallListRows } from "./call-list-rows";
import { CallFormOptionsProvider } from "./call-row-actions";

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
    clientName: row.clientName,
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

/** How much of a call's notes its row shows (one truncated line). */
const NOTES_PREVIEW_LENGTH = 160;

/** A call as its table row shows it, written in the firm's locale, zone and country. */
export function toCallListRow(row: CallRow, firm: CallTableFirm, options: CallFormOptions, now: Date): CallListRow {
  const when = row.startedAt ?? row.scheduledAt;
  return {
    id: row.id,
    // One date style for instants across Bureau (issue 22): "25 Nov 2026, 06:30", also on a phone.
    when: when ? formatDateTime(when, firm.locale, firm.timezone) : null,
    isOverdue: isOverdue(row, now),
    contactName: row.contactName,
    direction: row.direction,
    phone: row.phone ? { href: phoneHref(row.phone), label: formatPhone(row.phone, firm.country) } : null,
    subject: row.subject,
    notesPreview: row.notes ? row.notes.slice(0, NOTES_PREVIEW_LENGTH) : null,
    hasFollowUp: Boolean(row.followUpCallId),
    client: row.clientId ? { id: row.clientId, name: row.clientName ?? "" } : null,
    projectName: row.projectName,
    assigneeName: row.assignedUserName,
    status: row.status,
    outcome: row.outcome,
    timesheetId: row.timeEntryId && row.timesheetId ? row.timesheetId : null,
    billable: row.billable,
    duration: row.durationSeconds ? formatCallDuration(row.durationSeconds) : null,
    editable: canChangeCall(options.viewer, row).ok ? toEditableCall(row, firm.timezone) : null,
    takeable: canTakeCall(row).ok ? { id: row.id, version: row.version } : null,
  };
}

/** The calls as a table; each row offers its actions to whoever may change it. */
export async function CallTable({
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
  const t = await getTranslations("calls.table");
  return (
    <CallFormOptionsProvider options={options}>
      <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <TableHeader className="sticky top-0 z-10 bg-background">
          <TableRow>
            <TableHead from="md">{t("when")}</TableHead>
            <TableHead>{t("contact")}</TableHead>
            <TableHead from="md">{t("subject")}</TableHead>
            {showClient ? <TableHead from="xl">{t("client")}</TableHead> : null}
            <TableHead from="sm">{t("person")}</TableHead>
            <TableHead>{t("status")}</TableHead>
            <TableHead figure from="xl">
              {t("duration")}
            </TableHead>
            <TableHead className="text-right">
              <span className="sr-only">{t("actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <CallListRows rows={rows.map((row) => toCallListRow(row, firm, options, now))} showClient={showClient} />
      </Table>
    </CallFormOptionsProvider>
  );
}
