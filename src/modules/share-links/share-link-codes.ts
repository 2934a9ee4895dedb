// Why a share-link change is refused: one stable code per reason (src/lib/rule-result.ts).
export const SHARE_LINK_CODES = [
  "share_link.draft",
  "share_link.expiry_past",
  "share_link.not_found",
  "share_link.invoice_not_found",
  "share_link.quote_not_found",
] as const;

export type ShareLinkCode = (typeof SHARE_LINK_CODES)[number];
