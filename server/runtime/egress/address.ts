import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const v4FromWords = (high: number, low: number) =>
  new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address stands for, for the ranges that carry one (IPv4-mapped, SIIT, NAT64,
 * 6to4, Teredo): traffic to them ends up at that IPv4 host, so it is judged by that host.
 */
function embeddedV4(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] | null {
  const p = address.parts;
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
      return [v4FromWords(p[6]!, p[7]!)];
    case "rfc6052":
      // Only the well-known /96 prefix has the address in the last 32 bits; 64:ff9b:1::/48 is local use.
      return p[2] === 0 ? [v4FromWords(p[6]!, p[7]!)] : null;
    case "6to4":
      return [v4FromWords(p[1]!, p[2]!)];
    case "teredo":
      // Server in bits 32–63, client (obfuscated by XOR) in the last 32 bits: both must be public.
      return [v4FromWords(p[2]!, p[3]!), v4FromWords(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
    default:
      return null;
  }
}

/**
 * Null when the address is ordinary public unicast; otherwise the name of the special range it belongs to
 * (loopback, private, linkLocal, carrierGradeNat, multicast, uniqueLocal, …). Ranges come from ipaddr.js.
 */
export function blockedRange(text: string): string | null {
  if (!isIP(text)) return "invalid";
  const address: Address = ipaddr.parse(text);
  if (address.kind() === "ipv4") {
    const range = address.range();
    return range === "unicast" ? null : range;
  }
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  // ::a.b.c.d (deprecated IPv4-compatible, ::/96) is "unicast" to ipaddr.js; no real service uses it.
  if (range === "unicast") return v6.parts.slice(0, 6).every((w) => w === 0) ? "ipv4Compatible" : null;
  const embedded = embeddedV4(v6, range);
  if (!embedded) return range;
  for (const v4 of embedded) {
    const inner = v4.range();
    if (inner !== "unicast") return `${range}:${inner}`;
  }
  return null;
}

/** EGRESS_ALLOW parsed: address ranges and exact host names the operator opened. */
export interface EgressAllow {
  ranges: [Address, number][];
  hosts: Set<string>;
}

const trimDot = (host: string) => host.replace(/\.$/, "");

/** Host names compared the way URLs spell them: lower case, IDNA, without a trailing dot. */
export function normaliseHost(host: string) {
  return trimDot(host.replace(/^\[|\]$/g, "").toLowerCase());
}

const cache = new Map<string, EgressAllow>();

/**
 * Parses EGRESS_ALLOW ("10.0.0.0/8, 192.168.1.20, ollama.lan"). A single address opens just itself; a
 * name opens just that name (not its subdomains). Numeric spellings are normalised like URL hosts, so
 * "2130706433" means 127.0.0.1. Throws a Chinese message naming a bad entry.
 */
export function parseEgressAllow(text: string): EgressAllow {
  const cached = cache.get(text);
  if (cached) return cached;
  const allow: EgressAllow = { ranges: [], hosts: new Set() };
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const bad = new Error(`“${entry}”不是有效的 CIDR、IP 地址或主机名`);
    if (entry.includes("/")) {
      try {
        allow.ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw bad;
      }
      continue;
    }
    const literal = entry.replace(/^\[(.*)\]$/, "$1");
    let host: string;
    try {
      // Ports, paths and user info are not something the allowlist can name: refuse them, do not ignore them.
      if (!isIP(literal) && /[:@?#\\\s]/.test(entry)) throw bad;
      host = isIP(literal) ? literal : new URL(`http://${entry}/`).hostname;
    } catch {
      throw bad;
    }
    if (isIP(host)) {
      const address = ipaddr.parse(host);
      allow.ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (/^[a-z0-9.-]+$/.test(host)) allow.hosts.add(normaliseHost(host));
    else throw bad;
  }
  cache.set(text, allow);
  return allow;
}

/** Whether the operator opened this address (IPv4-mapped IPv6 counts as its IPv4 address). */
export function addressAllowed(allow: EgressAllow, text: string) {
  if (!isIP(text) || allow.ranges.length === 0) return false;
  const forms = [ipaddr.parse(text), ipaddr.process(text)];
  return allow.ranges.some(([range, bits]) =>
    forms.some((address) => address.kind() === range.kind() && address.match(range, bits)),
  );
}
