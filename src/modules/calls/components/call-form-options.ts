// What the call dialogs need to offer, passed from the server page to the client components.
import type { CallDirection, CallStatus, MissedOutcome, Role } from "../call-rules";

export type CallFormOptions = {
  viewer: { id: string; name: string; role: Role };
  assignees: { id: string; name: string }[];
  timeZone: string;
};

/**
 * The clients and projects a call can be about. Thousands in a large firm, so they are not sent
 * with every list page: the log, schedule and edit dialogs load them when they open.
 */
export type CallClientOption = { id: string; name: string; projects: { id: string; name: string; billableByDefault: boolean }[] };

/** A call as the dialogs see it (times already as the firm's wall-clock "YYYY-MM-DDTHH:mm"). */
export type EditableCall = {
  id: string;
  version: number;
  status: CallStatus;
  direction: CallDirection;
  contactName: string;
  phone: string;
  email: string;
  clientId: string;
  projectId: string;
  projectName: string | null;
  billable: boolean;
  assignedUserId: string;
  assignedUserName: string | null;
  subject: string;
  notes: string;
  scheduledAt: string;
  startedAt: string;
  duration: string;
  outcome: MissedOutcome | null;
  timeEntryId: string | null;
  durationSeconds: number | null;
  /** The day the call becomes time on, and the Monday of its week (for the confirmation). */
  timeEntryDate: string | null;
};
