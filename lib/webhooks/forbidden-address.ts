// The SSRF guard's address rules (DECISIONS §1 WEBHOOK_ALLOW_PRIVATE_TARGETS): a webhook may only
// reach public unicast addresses. Everything a server can reach that the internet cannot (its own
// loopback, private networks, link-local including the cloud metadata endpoint 169.254.169.254,
// IPv6 unique-local fd00::/8 where AWS puts fd00:ec2::254) is refused, as are addresses that are
// not real destinations (unspecified, multicast, documentation, benchmark, reserved ranges).
import net from "node:net";

const IPV4_RANGES: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private (carrier-grade NAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local or metadata"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved or broadcast"],
];

const IPV6_RANGES: [string, number, string][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  // IPv4-compatible (deprecated) and NAT64 addresses lead to IPv4 hosts the rules above cannot see.
  ["::", 96, "IPv4-compatible"],
  ["64:ff9b::", 96, "NAT64"],
  ["64:ff9b:1::", 48, "NAT64"],
  ["100::", 64, "discard"],
  ["2001:db8::", 32, "documentation"],
  ["2002::", 16, "6to4"],
  ["fc00::", 7, "unique local (private)"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

function blockList(ranges: [string, number, string][], type: "ipv4" | "ipv6") {
  return ranges.map(([network, prefix, reason]) => {
    const list = new net.BlockList();
    list.addSubnet(network, prefix, type);
    return { list, type, reason };
  });
}

const RULES = [...blockList(IPV4_RANGES, "ipv4"), ...blockList(IPV6_RANGES, "ipv6")];
// Kept apart from RULES: node's BlockList matches IPv4 addresses against an IPv4-mapped subnet,
// so this rule must only ever see addresses that are written as IPv6.
const IPV4_MAPPED = new net.BlockList();
IPV4_MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");

/** Why `ip` may not be a webhook target, or null when it is a public address. */
export function forbiddenAddressReason(ip: string): string | null {
  const version = net.isIP(ip);
  if (version === 0) return "not an IP address";
  if (version === 6 && IPV4_MAPPED.check(ip, "ipv6")) return "IPv4-mapped IPv6";
  for (const rule of RULES) {
    // Node also matches IPv4 rules against IPv4-mapped IPv6 text, which is refused above anyway.
    if (version === 4 && rule.type === "ipv6") continue;
    if (rule.list.check(ip, version === 4 ? "ipv4" : "ipv6")) return rule.reason;
  }
  return null;
}
