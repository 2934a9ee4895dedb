// The client's address, from the TCP connection and not from what the client says about itself.
//
// Next.js hands route handlers, actions and pages a Request without its socket, and fills
// `x-forwarded-for` with the socket address only when the client did not send one: a client could
// write any address there, and the per-address limits (sign-in lock-out, public forms, the error
// tunnel) would bound nothing. So each server process subscribes to Node's
// `http.server.request.start` diagnostics channel, which sees every request with its socket before
// the server handles it, and writes the address into a request header whose name is random per
// process (`clientAddressHeader`, src/lib/request.ts): a client cannot guess it, so cannot set it.
//
// X-Forwarded-For is read only through proxies the operator trusts (TRUSTED_PROXIES): Express's
// proxy-addr walks the chain from the socket towards the client and stops at the first address that
// is not a trusted proxy. Decision 018.
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import type { TrustedProxies } from "@/lib/env";
import { clientAddressHeader, normaliseAddress } from "@/lib/request";

export type TrustFunction = (address: string, hop: number) => boolean;

export function trustFunctionOf(trust: TrustedProxies): TrustFunction {
  switch (trust.kind) {
    case "none":
      return () => false;
    case "hops":
      return (_address, hop) => hop < trust.hops;
    case "addresses":
      return proxyaddr.compile(trust.addresses);
  }
}

/** The client's address for this request: the socket's, or the first untrusted one behind trusted proxies. */
export function clientAddressOf(request: IncomingMessage, trust: TrustFunction): string {
  return normaliseAddress(proxyaddr(request, trust));
}

const globalForHook = globalThis as unknown as { bureauClientAddressHook?: (message: unknown) => void };

/** Once per process (instrumentation): every request gets its client address before it is handled. */
export function installClientAddressHook(trust: TrustedProxies): void {
  if (globalForHook.bureauClientAddressHook) return;
  const trustFunction = trustFunctionOf(trust);
  const header = clientAddressHeader();
  const hook = (message: unknown) => {
    const { request } = message as { request: IncomingMessage };
    request.headers[header] = clientAddressOf(request, trustFunction);
  };
  globalForHook.bureauClientAddressHook = hook;
  diagnosticsChannel.subscribe("http.server.request.start", hook);
}
