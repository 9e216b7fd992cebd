// Which IP addresses web_fetch refuses to connect to: loopback, private, link-local, unique-local,
// cloud metadata and the other ranges that reach this machine or its network instead of the web.
// An IPv4 address written inside an IPv6 one (::ffff:10.0.0.1, NAT64, 6to4) is judged as IPv4.
import { BlockList, isIP } from 'node:net';

export type RefusedKind = 'loopback' | 'private' | 'link-local' | 'unique-local' | 'cloud metadata' | 'unspecified' | 'multicast' | 'reserved';

const V4: readonly [string, number, RefusedKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT: a provider's own network
  ['169.254.0.0', 16, 'link-local'],
  ['192.0.0.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const V6: readonly [string, number, RefusedKind][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // the old site-local range
  ['fc00::', 7, 'unique-local'],
  ['ff00::', 8, 'multicast'],
];
/** Metadata services answer on these (AWS, GCP, Azure: 169.254.169.254; Alibaba; AWS over IPv6). */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);

const lists = new Map<RefusedKind, BlockList>();
for (const [net, prefix, kind] of V4) listOf(kind).addSubnet(net, prefix, 'ipv4');
for (const [net, prefix, kind] of V6) listOf(kind).addSubnet(net, prefix, 'ipv6');

function listOf(kind: RefusedKind): BlockList {
  let list = lists.get(kind);
  if (!list) lists.set(kind, (list = new BlockList()));
  return list;
}

/** Why an address is not on the public internet, or undefined when it is. Not an address: 'reserved'. */
export function refusedKind(address: string): RefusedKind | undefined {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 0) return 'reserved';
  if (family === 6) {
    const inner = embeddedV4(ip);
    if (inner) return refusedKind(inner);
  }
  if (METADATA.has(ip.toLowerCase())) return 'cloud metadata';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of lists) if (list.check(ip, type)) return kind;
  return undefined;
}

/** The IPv4 address inside an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 address. */
function embeddedV4(ip: string): string | undefined {
  const words = expand(ip);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (n: number) => words.slice(0, n).every((w) => w === 0);
  if (zeros(5) && words[5] === 0xffff) return v4(words[6]!, words[7]!); // ::ffff:a.b.c.d
  if (zeros(6) && (words[6]! !== 0 || words[7]! > 1)) return v4(words[6]!, words[7]!); // ::a.b.c.d
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return v4(words[6]!, words[7]!); // 64:ff9b::/96
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!); // 6to4
  return undefined;
}

/** An IPv6 address as eight 16-bit words (a dotted IPv4 tail counts as two). */
function expand(ip: string): number[] | undefined {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const words = tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : undefined;
}
