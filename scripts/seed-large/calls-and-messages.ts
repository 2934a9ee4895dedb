// The call log (to do, some overdue; history with follow-ups, some logged as time) and the
// contact page's messages, a share of them asking for a call back (with the call they created).
import { DAY_MS, type Generation, WEEKS } from "./context";
import type { Firm, Person } from "./firm";
import type { Random } from "./random";
import { uuidV7At } from "./random";
import type { Entry } from "./timesheets";
import { CALL_NOTES, CALL_SUBJECTS, FIRST_NAMES, LAST_NAMES, MESSAGE_BODIES, MESSAGE_SUBJECTS } from "./vocabulary";

const HOUR_MS = 3_600_000;
const OUTCOMES = ["no_answer", "busy", "voicemail", "wrong_number"] as const;

type Call = {
  id: string;
  direction: "inbound" | "outbound";
  status: "requested" | "scheduled" | "completed" | "missed" | "cancelled";
  contactName: string;
  phone: string | null;
  email: string | null;
  clientId: string | null;
  assignedUserId: string | null;
  scheduledAt: number | null;
  startedAt: number | null;
  durationSeconds: number | null;
  subject: string;
  notes: string | null;
  outcome: string | null;
  followUpCallId: string | null;
  projectId: string | null;
  billable: boolean;
  timeEntryId: string | null;
  createdById: string | null;
  createdAt: number;
};

const CALL_COLUMNS = [
  "id",
  "direction",
  "status",
  "contact_name",
  "phone",
  "email",
  "client_id",
  "assigned_user_id",
  "scheduled_at",
  "started_at",
  "duration_seconds",
  "subject",
  "notes",
  "outcome",
  "follow_up_call_id",
  "project_id",
  "billable",
  "time_entry_id",
  "created_by_id",
  "version",
  "created_at",
  "updated_at",
];

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

function callRow(call: Call, random: Random) {
  const updatedAt = Math.max(
    call.createdAt,
    call.startedAt ?? 0,
    call.status === "cancelled" ? (call.scheduledAt ?? 0) - HOUR_MS : 0,
  );
  return [
    call.id,
    call.direction,
    call.status,
    call.contactName,
    call.phone,
    call.email,
    call.clientId,
    call.assignedUserId,
    date(call.scheduledAt),
    date(call.startedAt),
    call.durationSeconds,
    call.subject,
    call.notes,
    call.outcome,
    call.followUpCallId,
    call.projectId,
    call.billable,
    call.timeEntryId,
    call.createdById,
    random.int(1, 3),
    new Date(call.createdAt),
    new Date(Math.max(call.createdAt, updatedAt)),
  ];
}

export async function generateCallsAndMessages(gen: Generation, firm: Firm, entries: Entry[]) {
  const random = gen.random("calls");
  const windowStart = gen.firstMonday * DAY_MS;
  const now = gen.startOfToday;
  const calls = gen.writer("calls", CALL_COLUMNS);
  const person = () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const mobile = () => `+336${String(random.int(10_000_000, 99_999_999))}`;
  /** Someone who worked at the firm at that instant. */
  const staffAt = (instant: number): Person => {
    const week = Math.min(WEEKS - 1, Math.max(0, Math.floor((instant - windowStart) / (7 * DAY_MS))));
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = random.pick(firm.people);
      if (candidate.startWeek <= week && candidate.endWeek >= week) return candidate;
    }
    return firm.people[0]!;
  };
  const entriesByPersonDay = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = `${entry.person.id}|${entry.day}`;
    const list = entriesByPersonDay.get(key);
    if (list) list.push(entry);
    else entriesByPersonDay.set(key, [entry]);
  }
  const linkedEntries = new Set<string>();

  // ---- Messages first: a call back request creates its call, counted in the calls' total.
  const messageRandom = gen.random("messages");
  const callbacks = Math.min(Math.round(gen.counts.messages * 0.12), Math.floor(gen.counts.calls * 0.3));
  const messages = gen.writer("contact_messages", [
    "id",
    "name",
    "email",
    "company",
    "subject",
    "body",
    "phone",
    "wants_callback",
    "status",
    "call_id",
    "version",
    "created_at",
    "updated_at",
  ]);
  const callbackEvery = gen.counts.messages / Math.max(1, callbacks);
  let callbackCalls = 0;
  for (let index = 0; index < gen.counts.messages; index += 1) {
    const createdAt = windowStart + Math.floor(messageRandom.next() * (now - windowStart - HOUR_MS));
    const ageDays = (now - createdAt) / DAY_MS;
    const name = `${messageRandom.pick(FIRST_NAMES)} ${messageRandom.pick(LAST_NAMES)}`;
    const email = `${name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z]+/g, ".")}@mail.example`;
    const wantsCallback = callbackCalls < callbacks && Math.floor((index + 1) / callbackEvery) > callbackCalls;
    const status =
      ageDays <= 14 ? (messageRandom.chance(0.6) ? "new" : "read") : messageRandom.chance(0.3) ? "read" : "archived";
    const subject = messageRandom.pick(MESSAGE_SUBJECTS);
    const body = messageRandom.pick(MESSAGE_BODIES);
    const phone =
      wantsCallback || messageRandom.chance(0.2) ? `+336${String(messageRandom.int(10_000_000, 99_999_999))}` : null;
    let callId: string | null = null;
    if (wantsCallback) {
      callbackCalls += 1;
      const recent = ageDays <= 20;
      const startedAt = createdAt + messageRandom.int(2, 72) * HOUR_MS;
      const roll = messageRandom.next();
      const status =
        recent && startedAt >= now
          ? "requested"
          : recent && roll < 0.5
            ? "requested"
            : roll < 0.7
              ? "completed"
              : roll < 0.9
                ? "missed"
                : "cancelled";
      const assigned = status === "requested" && messageRandom.chance(0.5) ? null : staffAt(createdAt);
      const call: Call = {
        id: uuidV7At(messageRandom, createdAt),
        direction: "inbound",
        status,
        contactName: name,
        phone,
        email,
        clientId: null,
        assignedUserId: assigned?.id ?? null,
        scheduledAt: status === "requested" ? null : startedAt,
        startedAt: status === "completed" || status === "missed" ? startedAt : null,
        durationSeconds: status === "completed" ? messageRandom.int(60, 1_800) : null,
        subject,
        notes: body,
        outcome: status === "missed" ? messageRandom.pick(OUTCOMES) : null,
        followUpCallId: null,
        projectId: null,
        billable: false,
        timeEntryId: null,
        createdById: null,
        createdAt,
      };
      callId = call.id;
      await calls.add(callRow(call, messageRandom));
    }
    await messages.add([
      uuidV7At(messageRandom, createdAt),
      name,
      email,
      messageRandom.chance(0.6) ? `${messageRandom.pick(LAST_NAMES)} & Co` : null,
      subject,
      body,
      phone,
      wantsCallback,
      status,
      callId,
      status === "new" ? 1 : 2,
      new Date(createdAt),
      new Date(status === "new" ? createdAt : Math.min(now - 60_000, createdAt + DAY_MS)),
    ]);
  }
  await messages.finish();

  // ---- The rest of the call log.
  let written = callbackCalls;
  const pending: Call[] = [];
  while (written + pending.length < gen.counts.calls) {
    const roll = random.next();
    const status: Call["status"] =
      roll < 0.03
        ? "requested"
        : roll < 0.15
          ? "scheduled"
          : roll < 0.77
            ? "completed"
            : roll < 0.91
              ? "missed"
              : "cancelled";
    const withClient = random.chance(0.7);
    const clientIndex = withClient ? random.weighted(firm.clientWeights) : -1;
    const client = withClient ? firm.clients[clientIndex]! : null;
    let scheduledAt: number | null = null;
    let startedAt: number | null = null;
    let createdAt: number;
    if (status === "requested") {
      createdAt = now - random.int(1, 30 * 24) * HOUR_MS;
    } else if (status === "scheduled") {
      const when = random.next();
      // A quarter overdue, some today, the rest in the next three months.
      scheduledAt =
        when < 0.25
          ? now - random.int(1, 20 * 24) * HOUR_MS
          : when < 0.35
            ? now + random.int(8 * 60, 19 * 60) * 60_000
            : now + random.int(1, 90) * DAY_MS + random.int(8, 18) * HOUR_MS;
      createdAt = Math.min(scheduledAt, now) - random.int(1, 20 * 24) * HOUR_MS;
    } else {
      const instant = windowStart + Math.floor(random.next() * (now - windowStart - 2 * HOUR_MS));
      scheduledAt = status === "completed" && random.chance(0.4) ? null : instant;
      startedAt = status === "cancelled" ? null : instant;
      createdAt = instant - random.int(0, 10 * 24) * HOUR_MS;
    }
    const assigned = status === "requested" && random.chance(0.4) ? null : staffAt(createdAt);
    const call: Call = {
      id: uuidV7At(random, createdAt),
      direction: random.chance(0.5) ? "inbound" : "outbound",
      status,
      contactName: person(),
      phone: client ? `${client.country.phonePrefix}${String(random.int(1_000_000, 9_999_999))}` : mobile(),
      email: random.chance(0.3) ? `contact${random.int(1, 9_999)}@mail.example` : null,
      clientId: client?.id ?? null,
      assignedUserId: assigned?.id ?? null,
      scheduledAt,
      startedAt,
      durationSeconds: status === "completed" ? random.int(60, 3_600) : null,
      subject: random.pick(CALL_SUBJECTS),
      notes: (status === "completed" || status === "missed") && random.chance(0.4) ? random.pick(CALL_NOTES) : null,
      outcome: status === "missed" ? random.pick(OUTCOMES) : null,
      followUpCallId: null,
      projectId: null,
      billable: false,
      timeEntryId: null,
      createdById: assigned?.id ?? null,
      createdAt,
    };
    if (status === "completed" && client && random.chance(0.15)) {
      call.projectId = firm.projects[random.pick(firm.projectsByClient[clientIndex]!)]!.id;
      call.billable = random.chance(0.5);
    }
    // A few completed calls were logged as time: the entry of that person on that day.
    if (status === "completed" && assigned && random.chance(0.03)) {
      const day = Math.floor((startedAt! + HOUR_MS) / DAY_MS);
      const entry = entriesByPersonDay
        .get(`${assigned.id}|${day}`)
        ?.find((candidate) => !linkedEntries.has(candidate.id));
      if (entry) {
        linkedEntries.add(entry.id);
        const project = firm.projects[entry.projectIndex]!;
        call.timeEntryId = entry.id;
        call.projectId = project.id;
        call.clientId = firm.clients[project.clientIndex]!.id;
        call.billable = entry.billable;
      }
    }
    pending.push(call);
    // Some completed calls were followed up by another call with the same person.
    if (status === "completed" && random.chance(0.08) && written + pending.length < gen.counts.calls) {
      const at = startedAt! + random.int(2, 14) * DAY_MS;
      const next: Call = {
        ...call,
        id: uuidV7At(random, startedAt! + HOUR_MS),
        status: at < now ? (random.chance(0.8) ? "completed" : "missed") : "scheduled",
        scheduledAt: at,
        notes: null,
        timeEntryId: null,
        projectId: null,
        billable: false,
        createdAt: startedAt! + HOUR_MS,
      };
      next.startedAt = next.status === "scheduled" ? null : at;
      next.durationSeconds = next.status === "completed" ? random.int(60, 1_800) : null;
      next.outcome = next.status === "missed" ? random.pick(OUTCOMES) : null;
      call.followUpCallId = next.id;
      pending.push(next);
    }
    if (pending.length >= 1_000) {
      for (const item of pending) await calls.add(callRow(item, random));
      written += pending.length;
      pending.length = 0;
    }
  }
  for (const item of pending) await calls.add(callRow(item, random));
  await calls.finish();
}
