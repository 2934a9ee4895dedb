// What the call dialogs need to offer, passed from the server page to the client components.
import type { Actor } from "@/modules/audit/audit-log";
import type { CallDirection, CallStatus, MissedOutcome } from "../call-rules";

export type CallFormOptions = {
  viewer: Actor;
  assignees: { id: string; name: string }[];
  timeZone: string;
};

/**
 * A project a call can be about: the dialogs find the client as one types (a firm may have
 * thousands) and then load that client's projects (loadCallProjectsAction).
 */
export type CallProjectOption = { id: string; name: string; billableByDefault: boolean };

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
  clientName: string | null;
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
