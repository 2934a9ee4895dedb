// The audit log's address (/bo/audit): the entity whose changes it shows, and the page.
import { defineList, pagingParams, param } from "@/lib/search-params";

export const auditList = defineList("/bo/audit", {
  /** An entity's name as the log stores it ("user", "settings"); the filter offers any such name it is given. */
  entity: param.transform((value) => (value !== undefined && /^[a-z_]{1,40}$/.test(value) ? value : undefined)),
  ...pagingParams,
});
