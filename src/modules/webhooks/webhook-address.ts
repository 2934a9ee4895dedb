// Where a webhook may go (SSRF): the URL's host is resolved, and every address it resolves to must
// be public unless Settings → Webhooks allows private addresses. Checked when an endpoint is
// registered and again on every try (a name can be pointed elsewhere after registration); the
// connection then uses the very addresses that were checked, so a second lookup cannot swap them.
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { InvalidError } from "@/lib/errors";
import { type AddressClass, parseWebhookUrl, refusedAddress } from "./webhook-rules";

export type ResolvedAddress = { address: string; family: number };
/** dns.promises.lookup with `all: true`; tests pass their own to make a name resolve anywhere. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const KIND_TEXT: Record<AddressClass, string> = {
  public: "a public address",
  loopback: "a loopback address",
  private: "a private network address",
  "link-local": "a link-local address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  reserved: "a reserved address",
  invalid: "an invalid address",
};

export class WebhookAddressError extends Error {
  constructor(
    message: string,
    readonly code: "webhook.url_refused" | "webhook.host_unresolved",
  ) {
    super(message);
    this.name = "WebhookAddressError";
  }
}

/** The addresses to connect to, or a WebhookAddressError saying why not. */
export async function resolveWebhookTarget(
  value: string,
  options: { allowPrivate: boolean; lookup?: LookupAll },
): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
  const parsed = parseWebhookUrl(value);
  if (!parsed.ok) throw new WebhookAddressError(parsed.message, "webhook.url_refused");
  const literal = isIP(parsed.host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: parsed.host, family: literal }];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(parsed.host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0)
      throw new WebhookAddressError(`${parsed.host} could not be resolved.`, "webhook.host_unresolved");
  }
  if (!options.allowPrivate) {
    const refused = refusedAddress(addresses.map((entry) => entry.address));
    if (refused)
      throw new WebhookAddressError(
        `${parsed.host} resolves to ${refused.address}, ${KIND_TEXT[refused.kind]}. Webhooks go only to public addresses ` +
          "unless Settings → Webhooks allows private addresses.",
        "webhook.url_refused",
      );
  }
  return { url: parsed.url, addresses };
}

/** For forms: the same check, refused as an invalid `url` field. */
export async function checkWebhookUrl(value: string, options: { allowPrivate: boolean; lookup?: LookupAll }) {
  try {
    return await resolveWebhookTarget(value, options);
  } catch (error) {
    if (error instanceof WebhookAddressError)
      throw new InvalidError("Please correct the highlighted fields.", { url: error.message }, error.code);
    throw error;
  }
}
