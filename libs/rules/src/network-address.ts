/**
 * Which kind of network an IP address belongs to, for the webhook URL policy
 * (docs/decisions.md "Webhooks"): only `public` addresses may receive webhooks, `loopback` also
 * in development mode. Pure: the caller resolves names; this only reads address literals.
 *
 * IPv6 addresses that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
 * `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that IPv4 address, so
 * `::ffff:127.0.0.1` is loopback and `::ffff:10.0.0.1` private. IPv6 outside global unicast
 * (`2000::/3`) is `reserved`.
 */
import { isIP } from 'node:net';

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

type Range = [kind: AddressKind, prefix: number[], bits: number];

/** IPv4 ranges that are not public (IANA special-purpose registry); first match wins. */
const IPV4: Range[] = [
  ['unspecified', [0], 8], // "this network", 0.0.0.0 included
  ['private', [10], 8],
  ['cgnat', [100, 64], 10],
  ['loopback', [127], 8],
  ['link-local', [169, 254], 16], // 169.254.169.254 (cloud metadata) included
  ['private', [172, 16], 12],
  ['reserved', [192, 0, 0], 24], // IETF protocol assignments
  ['reserved', [192, 0, 2], 24], // documentation
  ['reserved', [192, 88, 99], 24], // 6to4 relay anycast
  ['private', [192, 168], 16],
  ['reserved', [198, 18], 15], // benchmarking
  ['reserved', [198, 51, 100], 24], // documentation
  ['reserved', [203, 0, 113], 24], // documentation
  ['multicast', [224], 4],
  ['reserved', [240], 4], // future use, 255.255.255.255 included
];

/** IPv6 ranges inside 2000::/3 or beside it that are not public (after the embedded-IPv4 forms). */
const IPV6: Range[] = [
  ['reserved', [0x01, 0x00], 64], // discard-only 100::/64
  ['reserved', [0x20, 0x01, 0x00], 23], // IETF protocol assignments 2001::/23 (Teredo included)
  ['reserved', [0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  ['reserved', [0x3f, 0xff], 20], // documentation 3fff::/20
  ['unique-local', [0xfc], 7],
  ['link-local', [0xfe, 0x80], 10],
  ['private', [0xfe, 0xc0], 10], // site-local (deprecated)
  ['multicast', [0xff], 8],
];

function matches(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

function kindOf(bytes: Uint8Array, ranges: Range[]): AddressKind | undefined {
  return ranges.find(([, prefix, bits]) => matches(bytes, prefix, bits))?.[0];
}

function ipv4Bytes(address: string): Uint8Array {
  return Uint8Array.from(address.split('.').map(Number));
}

/** The 16 bytes of an IPv6 literal that `isIP` accepted (with `::` and a trailing dotted quad). */
function ipv6Bytes(address: string): Uint8Array {
  const bytes = new Uint8Array(16);
  // A zone (`fe80::1%eth0`) does not change the address.
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Bytes(dotted[1]!);
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  all.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

const allZero = (bytes: Uint8Array, from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

/** The IPv4 address an IPv6 address carries, if it is one of the forms that embed one. */
function embeddedIpv4(b: Uint8Array): Uint8Array | null {
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; ::, ::1 are judged as IPv6 first)
  if (allZero(b, 0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0))) return b.slice(12);
  // 64:ff9b::/96 (NAT64)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && allZero(b, 4, 12)) return b.slice(12);
  // 2002::/16 (6to4): the IPv4 address is the next 32 bits
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  return null;
}

/** The kind of an IP address literal; `null` when `address` is not one. */
export function addressKind(address: string): AddressKind | null {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return kindOf(ipv4Bytes(address), IPV4) ?? 'public';
  if (family !== 6) return null;
  const bytes = ipv6Bytes(address);
  if (allZero(bytes, 0, 16)) return 'unspecified';
  if (allZero(bytes, 0, 15) && bytes[15] === 1) return 'loopback';
  const v4 = embeddedIpv4(bytes);
  if (v4) return kindOf(v4, IPV4) ?? 'public';
  const special = kindOf(bytes, IPV6);
  if (special) return special;
  // Global unicast is 2000::/3; everything else is unassigned.
  return (bytes[0]! & 0xe0) === 0x20 ? 'public' : 'reserved';
}

/**
 * Whether a listen address (HOST) is loopback only: `localhost` or a loopback literal. An
 * unspecified address (0.0.0.0, ::) listens everywhere, so it is not.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return bare.toLowerCase() === 'localhost' || addressKind(bare) === 'loopback';
}

/**
 * The network a client address stands for in per-client limits (docs/decisions.md "Rate and
 * abuse limits"): an IPv4 address is itself; an IPv6 address is its first `ipv6PrefixBits` bits
 * (64 by default: one subscriber usually holds a whole /64 and can pick any address in it), as
 * `2001:db8:1:2::/64`. An IPv6 form that carries an IPv4 address (`::ffff:a.b.c.d`) is that IPv4
 * address, so a dual-stack listener counts a client once. Anything else is returned unchanged.
 */
export function clientNetworkKey(address: string, ipv6PrefixBits: number): string {
  const family = isIP(address.split('%')[0]!);
  if (family !== 6) return address;
  const bytes = ipv6Bytes(address);
  if (allZero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return [...bytes.slice(12)].join('.');
  const bits = Math.max(0, Math.min(128, Math.trunc(ipv6PrefixBits)));
  for (let bit = bits; bit < 128; bit++) {
    const byte = bit >> 3;
    bytes[byte] = bytes[byte]! & ~(0x80 >> (bit & 7));
  }
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return `${groups.join(':')}/${bits}`;
}
