import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { addressAllowed, blockedRange, type EgressAllow, normaliseHost } from "./address";
import { cachingResolver } from "./dns-cache";
import { EgressError, refusedAddress, unreachable } from "./errors";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution as the guard needs it: every address of a name. Tests pass their own. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo, so /etc/hosts too), each name's answer kept briefly. */
export const systemResolver: Resolver = cachingResolver(async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  })),
);

/** A destination that passed the check: the socket must go to one of exactly these addresses. */
export interface Target {
  url: URL;
  /** The URL's host without IPv6 brackets, for the TLS name and the Host header. */
  host: string;
  addresses: ResolvedAddress[];
}

/** Verdicts by address for one EGRESS_ALLOW (true: refused), bounded; see `refused`. */
const verdicts = new WeakMap<EgressAllow, Map<string, boolean>>();
const KEPT_VERDICTS = 1024;

/**
 * Whether an address is refused under `allow`. The answer depends on the address and the allowlist alone, so it is
 * kept: parsing and classifying the address with ipaddr.js was most of the check's cost on every model request.
 */
function refused(allow: EgressAllow, address: string) {
  let known = verdicts.get(allow);
  if (!known) {
    known = new Map();
    verdicts.set(allow, known);
  }
  let verdict = known.get(address);
  if (verdict === undefined) {
    verdict = blockedRange(address) !== null && !addressAllowed(allow, address);
    if (known.size >= KEPT_VERDICTS) known.clear();
    known.set(address, verdict);
  }
  return verdict;
}

/**
 * Parses a URL the way WHATWG URL does (so 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 all become
 * 127.0.0.1), accepts http and https only, resolves a name to all its addresses and refuses the request
 * if any of them is not public unicast — unless the operator opened that host name or address range.
 */
export async function checkTarget(input: string | URL, allow: EgressAllow, resolve: Resolver): Promise<Target> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new EgressError("invalid", "地址格式不正确");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new EgressError("invalid", "只能访问 http:// 或 https:// 开头的地址");
  if (url.username || url.password) throw new EgressError("invalid", "地址中不能包含用户名或密码");
  const host = normaliseHost(url.hostname);
  if (!host) throw new EgressError("invalid", "地址格式不正确");
  const hostAllowed = allow.hosts.has(host);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      throw unreachable(err);
    }
    if (addresses.length === 0) throw unreachable();
  }
  if (!hostAllowed) {
    for (const { address } of addresses) {
      if (refused(allow, address)) throw refusedAddress(isIP(host) ? address : host);
    }
  }
  return { url, host, addresses };
}
