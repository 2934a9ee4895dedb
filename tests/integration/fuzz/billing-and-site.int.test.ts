// Fuzzes clients and projects, invoices and their mail, jobs and applications, messages and the
// public forms (see actions.ts and harness.ts).
import { FUZZ_CASES } from "./actions";
import { describeFuzzGroup } from "./harness";

describeFuzzGroup("billing-and-site", FUZZ_CASES);
