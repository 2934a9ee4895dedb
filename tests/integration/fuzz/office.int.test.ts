// Fuzzes the back office's users, sign-out, settings, calls and timesheets (see actions.ts and
// harness.ts), and checks that every server action has a case.
import { FUZZ_CASES } from "./actions";
import { describeFuzzGroup } from "./harness";
import { describeRegistry } from "./registry";

describeRegistry();
describeFuzzGroup("office", FUZZ_CASES);
