import { BlockList, isIP } from 'node:net';
import { ConfigError } from '@hearth/store';

/**
 * The proxy contract: which peers are proxies of ours, and so whose X-Forwarded-* headers are believed.
 *
 * TRUST_PROXY is a comma-separated list of addresses and CIDR blocks (`10.0.0.5, 172.16.0.0/12, ::1`); `1` (or
 * `true`, `loopback`) means the loopback addresses only. A request from any other peer is its own client,
 * whatever it puts in X-Forwarded-For. From a trusted peer, the client is the right-most address of
 * X-Forwarded-For that is not itself a trusted proxy (each proxy appends the address it got the request from),
 * so a client cannot pick its rate-limit key by sending its own X-Forwarded-For.
 */
export interface ProxyTrust {
  /** Whether the peer address is one of the configured proxies. */
  trusts(address: string): boolean;
  /** The configured list as given (for the start-up log). */
  readonly list: readonly string[];
}

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/** Parses TRUST_PROXY (undefined, '' or '0'/'false'/'no'/'off': no proxy) or throws a ConfigError naming it. */
export function parseTrustProxy(raw: string | undefined): ProxyTrust | null {
  const value = raw?.trim() ?? '';
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return null;
  const items = /^(1|true|yes|on|loopback)$/i.test(value)
    ? LOOPBACK
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const list = new BlockList();
  for (const item of items) {
    const [address, bits, extra] = item.split('/');
    const family = isIP(address ?? '');
    if (!address || family === 0 || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY has ${JSON.stringify(item)}, which is not an address or a CIDR block: give proxy addresses like 127.0.0.1, 10.0.0.0/8 or ::1, comma-separated (1 means loopback only)`,
      );
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!/^\d{1,3}$/.test(bits) || prefix > (family === 6 ? 128 : 32)) {
        throw new ConfigError(`TRUST_PROXY has ${JSON.stringify(item)}: the prefix length must be 0-${family === 6 ? 128 : 32}`);
      }
      list.addSubnet(address, prefix, type);
    }
  }
  return {
    list: items,
    trusts(peer) {
      const plain = peer.startsWith('::ffff:') && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * The client address of a request whose socket peer is `peer`: the peer itself unless it is a trusted proxy;
 * then the right-most X-Forwarded-For entry that is not a trusted proxy (or the left-most, when every entry is).
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: ProxyTrust | null): string {
  if (!trust || !forwardedFor || !trust.trusts(peer)) return peer;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!.trim();
    if (hop === '') continue;
    if (isIP(hop) === 0) return peer;
    if (!trust.trusts(hop) || i === 0) return hop;
  }
  return peer;
}
