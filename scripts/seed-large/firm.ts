// The firm: its settings, people (with one known password), clients in several currencies and
// their projects.
import { hashPassword } from "better-auth/crypto";
import { clientSnapshotOf, firmSnapshotOf } from "../../src/modules/invoices/invoice-document";
import { DEFAULT_TAX_RATES } from "../../src/modules/settings/settings-schemas";
import { at, FIRM_RATE, FIRM_TIMEZONE, type Generation, WEEKS } from "./context";
import { cumulative, uuidV7At } from "./random";
import {
  COMPANY_FIRST,
  COMPANY_SECOND,
  COUNTRIES,
  type Country,
  FIRST_NAMES,
  LAST_NAMES,
  PROJECT_KINDS,
  STREETS,
} from "./vocabulary";

export const LARGE_PASSWORD = "large seed password";
export const LARGE_EMAIL_DOMAIN = "large.example";

export type Role = "admin" | "manager" | "staff";
export type Person = {
  id: string;
  name: string;
  email: string;
  role: Role;
  startWeek: number;
  endWeek: number;
  active: boolean;
  createdAt: number;
};
export type ClientRecord = {
  id: string;
  name: string;
  currency: string;
  country: Country;
  paymentTermsDays: number;
  defaultHourlyRate: number | null;
  createdDay: number;
  archivedDay: number | null;
  /** The client as an issued invoice freezes it (JSON). */
  snapshot: string;
};
export type ProjectRecord = {
  id: string;
  clientIndex: number;
  name: string;
  hourlyRate: number | null;
  billable: boolean;
  createdDay: number;
  archivedDay: number | null;
};

export type Firm = {
  firmSnapshot: string;
  footer: string;
  people: Person[];
  /** Admins and managers: who approves timesheets and issues invoices. */
  deciders: Person[];
  clients: ClientRecord[];
  clientWeights: Float64Array;
  projects: ProjectRecord[];
  projectsByClient: number[][];
};

const SETTINGS = {
  firmName: "Large & Partners",
  legalForm: "SAS",
  registrationNumber: "912 345 675",
  vatNumber: "FR65912345675",
  addressLine1: "40 rue du Louvre",
  addressLine2: null,
  postalCode: "75001",
  city: "Paris",
  country: "FR",
  email: "office@large.example",
  phone: "+33 1 40 00 00 00",
  iban: "FR7630006000011234567890189",
  bic: "AGRIFRPP",
};

const ascii = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "")
    .toLowerCase();

export async function generateFirm(gen: Generation): Promise<Firm> {
  const random = gen.random("firm");
  const windowStart = gen.firstMonday;
  const span = gen.today - windowStart;
  const footer =
    "SAS au capital de 50 000 €. Late payment: penalties at three times the legal interest rate and a fixed fee of 40 € (Code de commerce, art. L441-10).";

  // ---- Settings: completed, as an administrator would leave them.
  const settings = gen.writer("settings", [
    "id",
    "firm_name",
    "legal_form",
    "registration_number",
    "vat_number",
    "address_line1",
    "address_line2",
    "postal_code",
    "city",
    "country",
    "email",
    "phone",
    "iban",
    "bic",
    "currency",
    "locale",
    "timezone",
    "default_hourly_rate",
    "tax_rates",
    "payment_terms_days",
    "invoice_number_pattern",
    "credit_note_number_pattern",
    "invoice_footer",
    "notification_email",
    "application_retention_months",
    "message_retention_months",
    "setup_completed",
    "created_at",
    "updated_at",
  ]);
  const settingsCreated = at(windowStart - 30, 9);
  await settings.add([
    uuidV7At(random, settingsCreated),
    SETTINGS.firmName,
    SETTINGS.legalForm,
    SETTINGS.registrationNumber,
    SETTINGS.vatNumber,
    SETTINGS.addressLine1,
    SETTINGS.addressLine2,
    SETTINGS.postalCode,
    SETTINGS.city,
    SETTINGS.country,
    SETTINGS.email,
    SETTINGS.phone,
    SETTINGS.iban,
    SETTINGS.bic,
    "EUR",
    "en-GB",
    FIRM_TIMEZONE,
    FIRM_RATE,
    DEFAULT_TAX_RATES,
    30,
    "{YYYY}-{SEQ:4}",
    "CN-{YYYY}-{SEQ:4}",
    footer,
    "office@large.example",
    // Applications are kept two years (they are purged after the retention period by the worker).
    24,
    // Messages span the three years and are kept four (the worker would purge older ones).
    48,
    true,
    new Date(settingsCreated),
    new Date(settingsCreated),
  ]);
  await settings.finish();
  const firmSnapshot = JSON.stringify(firmSnapshotOf({ ...SETTINGS, firmName: SETTINGS.firmName }));

  // ---- People: a few admins, some managers, the rest staff; some joined later, a few left.
  const count = gen.counts.people;
  const admins = Math.max(1, Math.round(count * 0.04));
  const managers = Math.max(1, Math.round(count * 0.12));
  const names = new Set<string>();
  const emails = new Set<string>();
  const people: Person[] = [];
  const hash = await hashPassword(LARGE_PASSWORD);
  const users = gen.writer("users", [
    "id",
    "name",
    "email",
    "email_verified",
    "role",
    "active",
    "must_change_password",
    "default_hourly_rate",
    "version",
    "created_at",
    "updated_at",
  ]);
  const accounts = gen.writer("accounts", [
    "id",
    "account_id",
    "provider_id",
    "user_id",
    "password",
    "created_at",
    "updated_at",
  ]);
  for (let index = 0; index < count; index += 1) {
    const role: Role = index < admins ? "admin" : index < admins + managers ? "manager" : "staff";
    const firstOfRole = index === 0 || index === admins || index === admins + managers;
    let name = "";
    do name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    while (names.has(name));
    names.add(name);
    const [first = "", last = ""] = name.split(" ");
    let email = firstOfRole ? `${role}@${LARGE_EMAIL_DOMAIN}` : `${ascii(first)}.${ascii(last)}@${LARGE_EMAIL_DOMAIN}`;
    for (let suffix = 2; emails.has(email); suffix += 1)
      email = `${ascii(first)}.${ascii(last)}${suffix}@${LARGE_EMAIL_DOMAIN}`;
    emails.add(email);
    const startWeek = firstOfRole || random.chance(0.75) ? 0 : random.int(8, WEEKS - 20);
    const leaves = !firstOfRole && random.chance(0.08) && startWeek + 24 < WEEKS - 3;
    const endWeek = leaves ? random.int(startWeek + 20, WEEKS - 3) : WEEKS - 1;
    const createdAt =
      startWeek === 0
        ? at(windowStart - random.int(30, 900), 9)
        : at(windowStart + startWeek * 7 - random.int(3, 20), 9);
    const person: Person = {
      id: uuidV7At(random, createdAt),
      name,
      email,
      role,
      startWeek,
      endWeek,
      active: endWeek === WEEKS - 1,
      createdAt,
    };
    people.push(person);
    const rate = role === "staff" ? random.int(14, 19) * 500 : random.int(22, 26) * 500;
    const updatedAt = person.active ? createdAt : at(windowStart + endWeek * 7 + 7, 9);
    await users.add([
      person.id,
      name,
      email,
      true,
      role,
      person.active,
      false,
      rate,
      person.active ? 1 : 2,
      new Date(createdAt),
      new Date(updatedAt),
    ]);
    await accounts.add([
      uuidV7At(random, createdAt),
      person.id,
      "credential",
      person.id,
      hash,
      new Date(createdAt),
      new Date(createdAt),
    ]);
  }
  await users.finish();
  await accounts.finish();

  // ---- Clients: unique names, mostly French and in euros, some in GBP, USD and CHF.
  const clientRandom = gen.random("clients");
  const countryWeights = cumulative(COUNTRIES.map((entry) => entry.weight));
  const pool: string[] = [];
  for (const first of COMPANY_FIRST) for (const second of COMPANY_SECOND) pool.push(`${first} ${second}`);
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = clientRandom.int(0, index);
    [pool[index], pool[other]] = [pool[other]!, pool[index]!];
  }
  const clients: ClientRecord[] = [];
  const weights: number[] = [];
  const clientWriter = gen.writer("clients", [
    "id",
    "name",
    "billing_email",
    "phone",
    "address_line1",
    "postal_code",
    "city",
    "country",
    "vat_number",
    "currency",
    "payment_terms_days",
    "default_hourly_rate",
    "notes",
    "archived_at",
    "version",
    "created_at",
    "updated_at",
  ]);
  for (let index = 0; index < gen.counts.clients; index += 1) {
    const country = COUNTRIES[clientRandom.weighted(countryWeights)]!.country;
    const base = pool[index % pool.length]!;
    const round = Math.floor(index / pool.length);
    const name = `${base}${round > 0 ? ` ${round + 1}` : ""} ${country.legal}`;
    const [city, postalCode] = clientRandom.pick(country.cities);
    const createdDay = clientRandom.chance(0.7)
      ? windowStart - clientRandom.int(1, 900)
      : windowStart + clientRandom.int(0, Math.max(1, span - 30));
    const archivedDay = clientRandom.chance(0.03)
      ? Math.min(gen.today - 1, Math.max(createdDay + 30, gen.today - clientRandom.int(10, 330)))
      : null;
    const terms = clientRandom.pick([30, 30, 30, 30, 30, 14, 45, 60, 0]);
    const rate = clientRandom.chance(0.45) ? null : clientRandom.int(16, 32) * 500;
    const slug = ascii(base) + (round > 0 ? String(round + 1) : "");
    const phone = `${country.phonePrefix}${String(clientRandom.int(1_000_000, 9_999_999))}`;
    const vat =
      country.vatPrefix && clientRandom.chance(0.9)
        ? `${country.vatPrefix}${String(clientRandom.int(100_000_000, 999_999_999))}`
        : null;
    const street = `${clientRandom.int(1, 180)} ${clientRandom.pick(STREETS)}`;
    const billingEmail = clientRandom.chance(0.92) ? `accounts@${slug}.example` : null;
    const record: ClientRecord = {
      id: uuidV7At(clientRandom, at(createdDay, 10)),
      name,
      currency: country.currency,
      country,
      paymentTermsDays: terms,
      defaultHourlyRate: rate,
      createdDay,
      archivedDay,
      snapshot: JSON.stringify(
        clientSnapshotOf({
          name,
          addressLine1: street,
          addressLine2: null,
          postalCode,
          city,
          country: country.code,
          vatNumber: vat,
          billingEmail,
          phone,
        }),
      ),
    };
    clients.push(record);
    // A few large accounts, a long tail of small ones.
    weights.push(0.3 + clientRandom.next() ** 4 * 30);
    const notes = clientRandom.chance(0.1) ? "Key account: invoices go to the purchasing department first." : null;
    await clientWriter.add([
      record.id,
      name,
      billingEmail,
      phone,
      street,
      postalCode,
      city,
      country.code,
      vat,
      country.currency,
      terms,
      rate,
      notes,
      archivedDay === null ? null : new Date(at(archivedDay, 11)),
      archivedDay === null ? 1 : 2,
      new Date(at(createdDay, 10)),
      new Date(at(archivedDay ?? createdDay, 11)),
    ]);
  }
  await clientWriter.finish();
  const clientWeights = cumulative(weights);

  // ---- Projects: one per client at least, the rest where the work is.
  const projectRandom = gen.random("projects");
  const projects: ProjectRecord[] = [];
  const projectsByClient: number[][] = clients.map(() => []);
  const namesByClient = clients.map(() => new Set<string>());
  const projectWriter = gen.writer("projects", [
    "id",
    "client_id",
    "name",
    "code",
    "hourly_rate",
    "budget_minutes",
    "billable_by_default",
    "archived_at",
    "version",
    "created_at",
    "updated_at",
  ]);
  for (let index = 0; index < gen.counts.projects; index += 1) {
    const clientIndex = index < clients.length ? index : projectRandom.weighted(clientWeights);
    const owner = clients[clientIndex]!;
    const used = namesByClient[clientIndex]!;
    const kind = projectRandom.pick(PROJECT_KINDS);
    let name = kind;
    for (let phase = 2; used.has(name.toLowerCase()); phase += 1) name = `${kind} (phase ${phase})`;
    used.add(name.toLowerCase());
    const earliest = Math.max(owner.createdDay, windowStart - 200);
    const createdDay =
      index < clients.length
        ? owner.createdDay + projectRandom.int(0, 20)
        : projectRandom.int(earliest, Math.max(earliest, gen.today - 5));
    let archivedDay: number | null = owner.archivedDay;
    if (archivedDay === null && createdDay < gen.today - 200 && projectRandom.chance(0.25))
      archivedDay = Math.min(gen.today - 1, createdDay + projectRandom.int(60, 700));
    if (archivedDay !== null && archivedDay < createdDay) archivedDay = createdDay;
    const project: ProjectRecord = {
      id: uuidV7At(projectRandom, at(createdDay, 11)),
      clientIndex,
      name,
      hourlyRate: projectRandom.chance(0.35) ? projectRandom.int(18, 36) * 500 : null,
      billable: projectRandom.chance(0.88),
      createdDay,
      archivedDay,
    };
    projectsByClient[clientIndex]!.push(projects.length);
    projects.push(project);
    const code = `${ascii(owner.name).slice(0, 3).toUpperCase()}-${String(projectsByClient[clientIndex]!.length).padStart(3, "0")}`;
    const budget = projectRandom.chance(0.3) ? projectRandom.int(40, 400) * 60 : null;
    await projectWriter.add([
      project.id,
      owner.id,
      name,
      code,
      project.hourlyRate,
      budget,
      project.billable,
      archivedDay === null ? null : new Date(at(archivedDay, 12)),
      archivedDay === null ? 1 : 2,
      new Date(at(createdDay, 11)),
      new Date(at(archivedDay ?? createdDay, 12)),
    ]);
  }
  await projectWriter.finish();

  return {
    firmSnapshot,
    footer,
    people,
    deciders: people.filter((person) => person.role !== "staff"),
    clients,
    clientWeights,
    projects,
    projectsByClient,
  };
}
