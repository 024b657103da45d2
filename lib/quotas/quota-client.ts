/**
 * Who a quota counts a request against, from the client's address: an IPv4 address as itself, an IPv6 address as
 * its /64 network, the block a provider gives one subscriber (RFC 6177), who can pick any address in it; an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients) as the IPv4 address.
 * Anything that is not an IP address counts as one client, `unknown`, so no value can open a quota of its own.
 */
export function quotaClientOf(address: string): string {
  const value = withoutPortOrBrackets(address.trim());
  const ipv4 = parseIPv4(value);
  if (ipv4) return ipv4.join('.');
  const groups = parseIPv6(value.replace(/%.*$/, ''));
  if (!groups) return 'unknown';
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] ?? 0, groups[7] ?? 0].flatMap((group) => [group >> 8, group & 0xff]).join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** `[2001:db8::1]:443` and `192.0.2.1:443` (some proxies write the client's port) as the bare address. */
function withoutPortOrBrackets(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) return bracketed[1];
  const ipv4WithPort = /^([\d.]+):\d+$/.exec(value);
  return ipv4WithPort?.[1] ?? value;
}

/** The four bytes of a dotted-quad IPv4 address, or undefined. */
function parseIPv4(value: string): number[] | undefined {
  const parts = value.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address (RFC 4291 2.2: `::` compression, a dotted IPv4 tail), or undefined. */
function parseIPv6(value: string): number[] | undefined {
  if (!value.includes(':') || value.length > 45) return undefined;
  const halves = value.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined): number[] | undefined => {
    if (!half) return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      const ipv4 = index === parts.length - 1 ? parseIPv4(part) : undefined;
      if (ipv4) groups.push(((ipv4[0] ?? 0) << 8) | (ipv4[1] ?? 0), ((ipv4[2] ?? 0) << 8) | (ipv4[3] ?? 0));
      else if (/^[0-9a-f]{1,4}$/i.test(part)) groups.push(parseInt(part, 16));
      else return undefined;
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : undefined;
}
