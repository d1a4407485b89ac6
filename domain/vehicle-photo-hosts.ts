/**
 * Which hosts the image route may fetch a feed photo from (issue 18), and which addresses are
 * never fetched on a tenant's word. Two lists allow a host: the platform's (env IMAGE_HOSTS, set by
 * whoever runs the servers) and the tenant's (`images.remoteHosts`, set by whoever edits the site).
 * A tenant's list is the one an attacker could fill, so a host allowed only by it must be on the
 * public internet: never loopback, private, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast or reserved, whether written as a name or as an address in any of
 * the spellings a URL parser accepts (2130706433, 0x7f.1, 017700000001, [::ffff:127.0.0.1]).
 * The platform's list may name anything, e.g. 127.0.0.1:3198 for the browser tests' image server.
 * On both lists a wildcard must stay within one owner's domain: never `*.com`, `*.com.au` or a
 * shared hosting service (`*.cloudfront.net`), where anyone can get a name (wildcardRefusal).
 */

/** One allow-list entry: `host`, `host:port`, `*.host` or `*.host:port` (IPv6 in brackets). */
export interface HostRule {
  /** The host as a URL parser writes it (lower case, punycode, IPv4 dotted, IPv6 in brackets). */
  host: string;
  /** `*.host`: any name under the host (at any depth), never the host itself. */
  wildcard: boolean;
  /** The one port allowed; without it only the scheme's default port (80 for http, 443 for https). */
  port?: number;
}

export type HostPermission = 'platform' | 'tenant';

const ENTRY = /^(\*\.)?([^:[\]/?#@\s]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?$/;

const stripDot = (host: string) => (host.endsWith('.') ? host.slice(0, -1) : host);

/**
 * Domains under which anyone can get a name (cloud storage, CDNs, app hosting): a wildcard under
 * one of them would let a site show any customer's pictures, so only exact hosts may be named
 * under them (d1234abcd.cloudfront.net, not *.cloudfront.net). Not the full public suffix list,
 * the services dealers' photos actually sit on.
 */
export const SHARED_HOSTING_SUFFIXES: readonly string[] = [
  'amazonaws.com',
  'cloudfront.net',
  'azureedge.net',
  'blob.core.windows.net',
  'googleusercontent.com',
  'storage.googleapis.com',
  'herokuapp.com',
  'vercel.app',
  'netlify.app',
  'github.io',
  'workers.dev',
  'r2.dev',
  'appspot.com',
  'firebaseapp.com',
  'web.app',
];

/**
 * Second-level labels under which country registries hand out names (com.au, co.nz, govt.nz,
 * co.uk, co.jp...): `*.com.au` is as broad as `*.com`.
 */
const COUNTRY_SECOND_LEVELS = new Set(
  (
    'ac ad asn biz co com conf csiro cri ed edu firm gen geek go gob gov govt gr health id ' +
    'ind info int iwi kiwi lg ltd maori me mil mod ne net nhs nom or org oz parliament plc ' +
    'police pro sch school web'
  ).split(' '),
);

/** Whether a name's last two labels are a country's shared second level (com.au, co.uk). */
function endsInCountrySecondLevel(labels: readonly string[]): boolean {
  const tld = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  return /^[a-z]{2}$/.test(tld) && COUNTRY_SECOND_LEVELS.has(second);
}

/** The shared hosting suffix a name is, or is under, if any. */
function sharedHostingSuffix(host: string): string | undefined {
  return SHARED_HOSTING_SUFFIXES.find((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * Why `*.<domain>` is too broad to be one dealer's photo hosts, or undefined: a top-level domain
 * (`*.com`), a country's shared second level (`*.com.au`, `*.co.uk`), or anything under a shared
 * hosting service (`*.cloudfront.net`, `*.s3.amazonaws.com`). Such a rule lets anyone who
 * registers a name there serve pictures the platform fetches and caches for the site.
 */
export function wildcardRefusal(domain: string): string | undefined {
  const labels = domain.split('.');
  if (labels.length < 2 || (labels.length < 3 && endsInCountrySecondLevel(labels)))
    return `"*.${domain}" would allow every site under .${domain}, not one dealer's photo host; name the host itself (images.dealer.com) or a domain of the dealer's own (*.dealer.com)`;
  const shared = sharedHostingSuffix(domain);
  if (shared)
    return `"*.${domain}" would allow the photos of every customer of ${shared}, a shared hosting service; name the exact host instead (e.g. dealer-photos.${shared})`;
  return undefined;
}

/** An allow-list entry as a rule, or why it is not one. */
export type HostRuleCheck = { ok: true; rule: HostRule } | { ok: false; refusal: string };

/**
 * Reads an allow-list entry: `host`, `host:port`, `*.domain` or `*.domain:port`. Refused: what is
 * not a host (a path, a scheme, a bad port), a wildcard over an address, and a wildcard too broad
 * to be one dealer's hosts (wildcardRefusal).
 */
export function checkHostRule(entry: string): HostRuleCheck {
  const text = entry.trim();
  const notAHost = {
    ok: false,
    refusal: `"${text}" is not a photo host: write a host name (images.dealer.com), a host and port (images.dealer.com:8443, port 1 to 65535) or a wildcard under a domain (*.dealer.com)`,
  } as const;
  const match = ENTRY.exec(text);
  if (!match) return notAHost;
  const [, star, rawHost = '', rawPort] = match;
  let host: string;
  try {
    host = stripDot(new URL(`http://${rawHost}/`).hostname);
  } catch {
    return notAHost;
  }
  if (!host) return notAHost;
  const port = rawPort === undefined ? undefined : Number(rawPort);
  if (port !== undefined && (port < 1 || port > 65535)) return notAHost;
  if (star) {
    // `*.10.0.0.1` or `*.[::1]` names no set of hosts.
    if (ipv4Bytes(host) || host.startsWith('['))
      return { ok: false, refusal: `"${text}": a wildcard needs a domain name, not an address` };
    const refusal = wildcardRefusal(host);
    if (refusal) return { ok: false, refusal };
  }
  return { ok: true, rule: { host, wildcard: Boolean(star), ...(port !== undefined ? { port } : {}) } };
}

/** An allow-list entry as a rule, or undefined when it is refused (checkHostRule says why). */
export function parseHostRule(entry: string): HostRule | undefined {
  const checked = checkHostRule(entry);
  return checked.ok ? checked.rule : undefined;
}

/** Why an allow-list entry is refused, as a sentence for whoever wrote it, or undefined when it is fine. */
export function hostRuleRefusal(entry: string): string | undefined {
  const checked = checkHostRule(entry);
  return checked.ok ? undefined : checked.refusal;
}

/** The rules of a list (comma or whitespace separated text, or an array of entries), and the entries refused. */
export function readHostRules(entries: string | readonly string[] | undefined): {
  rules: HostRule[];
  refused: Array<{ entry: string; refusal: string }>;
} {
  const list = typeof entries === 'string' ? entries.split(/[\s,]+/) : (entries ?? []);
  const rules: HostRule[] = [];
  const refused: Array<{ entry: string; refusal: string }> = [];
  for (const entry of list.map((e) => e.trim())) {
    if (!entry) continue;
    const checked = checkHostRule(entry);
    if (checked.ok) rules.push(checked.rule);
    else refused.push({ entry, refusal: checked.refusal });
  }
  return { rules, refused };
}

/** Every valid rule of a list (refused entries dropped; readHostRules says which and why). */
export function parseHostRules(entries: string | readonly string[] | undefined): HostRule[] {
  return readHostRules(entries).rules;
}

/** A rule written back as an entry (`*.dealer.com:8443`). */
export function ruleText(rule: HostRule): string {
  return `${rule.wildcard ? '*.' : ''}${rule.host}${rule.port !== undefined ? `:${rule.port}` : ''}`;
}

/**
 * One text naming what a list allows, the same however its entries were spelt or ordered: two
 * sites with the same fingerprint may share whatever one of them fetched.
 */
export function hostListFingerprint(rules: readonly HostRule[]): string {
  return [...new Set(rules.map(ruleText))].sort().join(',');
}

/**
 * The upstream a host belongs to, for sharing out fetches fairly: an address as it is; a name under
 * a shared hosting service as it is (each customer is its own upstream); otherwise its registered
 * domain (the last two labels, three under com.au-style second levels), so the many names a
 * wildcard allows (a.dealer-cdn.com, b.dealer-cdn.com) count as one upstream.
 */
export function hostGroup(hostname: string): string {
  const host = stripDot(hostname.toLowerCase());
  if (host.startsWith('[') || ipv4Bytes(host) || sharedHostingSuffix(host)) return host;
  const labels = host.split('.');
  return labels.slice(endsInCountrySecondLevel(labels) ? -3 : -2).join('.');
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

/** Whether the URL's host and port are what the rule allows. */
export function ruleMatches(rule: HostRule, url: URL): boolean {
  const host = stripDot(url.hostname);
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  if (port !== (rule.port ?? defaultPort(url.protocol))) return false;
  return rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
}

/**
 * Who allows fetching this URL: the platform (trusted with any address), the tenant (public
 * addresses only, see tenantHostRefusal and isPublicAddress), or nobody. Only http and https, and
 * never a URL carrying a user name or password.
 */
export function hostPermission(
  url: URL,
  lists: { platform: readonly HostRule[]; tenant: readonly HostRule[] },
): HostPermission | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  if (lists.platform.some((rule) => ruleMatches(rule, url))) return 'platform';
  if (lists.tenant.some((rule) => ruleMatches(rule, url))) return 'tenant';
  return undefined;
}

/** Names that always mean this machine or its private network, whatever DNS says. */
const PRIVATE_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa)$/;

/**
 * Why a host that only the tenant's list allows is refused before any lookup, or undefined when
 * it may be looked up: an address that is not public, a private name (localhost, *.internal,
 * *.local), or a single-label name (resolved through the server's own search domains).
 */
export function tenantHostRefusal(hostname: string): string | undefined {
  const host = stripDot(hostname.toLowerCase());
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (ipv4Bytes(literal) || literal.includes(':'))
    return isPublicAddress(literal) ? undefined : `${hostname} is not a public internet address`;
  if (PRIVATE_NAME.test(host)) return `${hostname} names a private network`;
  if (!host.includes('.')) return `${hostname} is not a full internet name`;
  return undefined;
}

/** The four bytes of a dotted-decimal IPv4 address, or undefined. */
export function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : undefined;
}

/** The sixteen bytes of an IPv6 address (`::` shorthand, an IPv4 tail, a zone), or undefined. */
export function ipv6Bytes(text: string): number[] | undefined {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  address = address.replace(/%.*$/, '');
  if (!address.includes(':')) return undefined;
  const tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  const last = address.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = ipv4Bytes(last);
    if (!v4) return undefined;
    tail.push(...v4);
    address = `${address.slice(0, lastColon + 1)}0:0`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (all.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const inV4 = (b: readonly number[], net: readonly number[], bits: number) => prefixMatches(b, net, bits);

function prefixMatches(bytes: readonly number[], net: readonly number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((net[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const V4_NOT_PUBLIC: ReadonlyArray<[number[], number]> = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT (also Alibaba Cloud's metadata at 100.100.100.200)
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function isPublicV4(bytes: readonly number[]): boolean {
  return !V4_NOT_PUBLIC.some(([net, bits]) => inV4(bytes, net, bits));
}

/** IPv6 ranges that are not the public internet, or that hide an IPv4 address we cannot vouch for. */
const V6_NOT_PUBLIC: ReadonlyArray<[number[], number]> = [
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48], // local-use NAT64
  [[0x01, 0x00], 64], // discard-only
  [[0x20, 0x01, 0, 0], 32], // Teredo (hides an IPv4 address)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x01, 0x00, 0x10], 28], // ORCHID
  [[0xfc], 7], // unique local (fd00:ec2::254 is AWS's metadata)
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local
  [[0xff], 8], // multicast
];

/**
 * Whether an address (IPv4 dotted or IPv6, brackets allowed) is on the public internet. An IPv6
 * address that carries an IPv4 one (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64
 * 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::) is judged by that IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return isPublicV4(v4);
  const v6 = ipv6Bytes(address);
  if (!v6) return false;
  const zeros = (from: number, to: number) => v6.slice(from, to).every((b) => b === 0);
  // :: (unspecified, as 0.0.0.0), ::1 (loopback, as 0.0.0.1) and the IPv4-compatible ::a.b.c.d.
  if (zeros(0, 12)) return isPublicV4(v6.slice(12));
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated).
  if (zeros(0, 10) && v6[10] === 0xff && v6[11] === 0xff) return isPublicV4(v6.slice(12));
  if (zeros(0, 8) && v6[8] === 0xff && v6[9] === 0xff && zeros(10, 12)) return isPublicV4(v6.slice(12));
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix).
  if (prefixMatches(v6, [0, 0x64, 0xff, 0x9b], 96)) return isPublicV4(v6.slice(12));
  // 2002:aabb:ccdd::/48 (6to4): the IPv4 address is bytes 2 to 5.
  if (v6[0] === 0x20 && v6[1] === 0x02) return isPublicV4(v6.slice(2, 6));
  return !V6_NOT_PUBLIC.some(([net, bits]) => prefixMatches(v6, net, bits));
}
