import { isIP, type LookupFunction } from 'node:net';

/**
 * A `lookup` for node:http/https, net or undici's connect options that answers the addresses a
 * `UrlPolicy` checked, whatever name it is asked about: the connection goes to a checked address
 * while the request still names the host (Host header, TLS server name), and a DNS answer that
 * changed since the check (DNS rebinding) is never used.
 */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  if (addresses.length === 0) throw new Error('pinnedLookup needs at least one checked address');
  const entries = addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  return (_hostname, options, callback) => {
    if (options.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
}
