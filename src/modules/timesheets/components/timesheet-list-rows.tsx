"use client";

import Link from "@/components/app-link";
import { TableBody, TableCell, TableRow } from "@/components/ui/table";
import type { TimesheetStatus } from "../timesheet-rules";
import { TimesheetStatusBadge } from "./timesheet-status-badge";

/** A row of the timesheet list, its week, hours and dates already written on the server for the firm. */
export type TimesheetListRow = {
  id: string;
  week: string;
  userName: string;
  status: TimesheetStatus;
  hours: string;
  billableHours: string;
  submitted: string;
};

/**
 * The rows of /bo/timesheets. A client component on purpose: the page sends the rows as plain
 * data and they are laid out here, instead of every cell's tree going into the page's payload.
 */
export function TimesheetListRows({ rows, showPerson }: { rows: TimesheetListRow[]; showPerson: boolean }) {
  return (
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell>
            <Link
              href={`/bo/timesheets/${row.id}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {row.week}
            </Link>
          </TableCell>
          {showPerson ? <TableCell>{row.userName}</TableCell> : null}
          <TableCell>
            <TimesheetStatusBadge status={row.status} />
          </TableCell>
          <TableCell figure>{row.hours}</TableCell>
          <TableCell figure from="sm">
            {row.billableHours}
          </TableCell>
          <TableCell from="md">{row.submitted}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}
