// The outbox's address (/bo/outbox): a status and the page. Apart from mail-schemas.ts, which the
// send dialog loads in the browser: the statuses come from the table's definition.
import { EMAIL_STATUSES } from "@/db/schema/mail";
import { choiceParam, defineList, pagingParams } from "@/lib/search-params";

export const outboxList = defineList("/bo/outbox", {
  status: choiceParam(EMAIL_STATUSES),
  ...pagingParams,
});
