import { describe, expect, it } from 'vitest';
import {
  hostGroup,
  hostListFingerprint,
  hostPermission,
  hostRuleRefusal,
  ipv6Bytes,
  isPublicAddress,
  parseHostRule,
  parseHostRules,
  readHostRules,
  SHARED_HOSTING_SUFFIXES,
  tenantHostRefusal,
} from './vehicle-photo-hosts';

const lists = (tenant: string[], platform: string[] = []) => ({
  platform: parseHostRules(platform),
  tenant: parseHostRules(tenant),
});
const allowed = (url: string, tenant: string[], platform: string[] = []) =>
  hostPermission(new URL(url), lists(tenant, platform));

describe('photo host allow-lists (issue 18)', () => {
  it('reads host, host:port and *.host entries as a URL parser writes hosts', () => {
    expect(parseHostRule('images.dealer.com')).toEqual({ host: 'images.dealer.com', wildcard: false });
    expect(parseHostRule('IMAGES.Dealer.com.')).toEqual({ host: 'images.dealer.com', wildcard: false });
    expect(parseHostRule('*.dealer-cdn.com:8443')).toEqual({ host: 'dealer-cdn.com', wildcard: true, port: 8443 });
    expect(parseHostRule('127.0.0.1:3198')).toEqual({ host: '127.0.0.1', wildcard: false, port: 3198 });
    expect(parseHostRule('[2001:DB8::1]:8080')).toEqual({ host: '[2001:db8::1]', wildcard: false, port: 8080 });
    // 2130706433 is 127.0.0.1 to every URL parser, so the rule says so.
    expect(parseHostRule('2130706433')).toEqual({ host: '127.0.0.1', wildcard: false });
  });

  it('refuses entries that are not hosts', () => {
    for (const entry of [
      'https://cdn.com',
      'cdn.com/photos',
      'cdn.com:0',
      'cdn.com:70000',
      '*.10.0.0.1',
      'a b',
      '',
      'u@cdn.com',
    ])
      expect(parseHostRule(entry), entry).toBeUndefined();
    expect(parseHostRules('cdn.one.com, *.two.com  three.com:81,,bad/path')).toHaveLength(3);
  });

  it('matches exact hosts on the default port only, unless the entry names a port', () => {
    expect(allowed('https://images.dealer.com/a.jpg', ['images.dealer.com'])).toBe('tenant');
    expect(allowed('http://images.dealer.com/a.jpg', ['images.dealer.com'])).toBe('tenant');
    expect(allowed('https://images.dealer.com:8443/a.jpg', ['images.dealer.com'])).toBeUndefined();
    expect(allowed('https://images.dealer.com:8443/a.jpg', ['images.dealer.com:8443'])).toBe('tenant');
    expect(allowed('https://images.dealer.com/a.jpg', ['images.dealer.com:8443'])).toBeUndefined();
    expect(allowed('https://images.dealer.com.evil.com/a.jpg', ['images.dealer.com'])).toBeUndefined();
    expect(allowed('https://IMAGES.dealer.com./a.jpg', ['images.dealer.com'])).toBe('tenant');
  });

  it('matches a wildcard for names under it at any depth, never the bare domain or a look-alike', () => {
    expect(allowed('https://a.dealer-cdn.com/x.jpg', ['*.dealer-cdn.com'])).toBe('tenant');
    expect(allowed('https://b.a.dealer-cdn.com/x.jpg', ['*.dealer-cdn.com'])).toBe('tenant');
    expect(allowed('https://dealer-cdn.com/x.jpg', ['*.dealer-cdn.com'])).toBeUndefined();
    expect(allowed('https://evildealer-cdn.com/x.jpg', ['*.dealer-cdn.com'])).toBeUndefined();
  });

  it('allows only http and https, and never an address carrying credentials', () => {
    expect(allowed('ftp://images.dealer.com/a.jpg', ['images.dealer.com'])).toBeUndefined();
    expect(allowed('file:///etc/passwd', ['images.dealer.com'])).toBeUndefined();
    expect(allowed('https://user:pass@images.dealer.com/a.jpg', ['images.dealer.com'])).toBeUndefined();
  });

  it('says the platform allows a host on both lists (the platform may name private addresses)', () => {
    expect(allowed('http://127.0.0.1:3198/a.png', [], ['127.0.0.1:3198'])).toBe('platform');
    expect(allowed('http://127.0.0.1:3198/a.png', ['127.0.0.1:3198'], ['127.0.0.1:3198'])).toBe('platform');
    expect(allowed('http://127.0.0.1:3199/a.png', [], ['127.0.0.1:3198'])).toBeUndefined();
    // The same machine spelt as a decimal number is the same host to the URL parser.
    expect(allowed('http://2130706433:3198/a.png', [], ['127.0.0.1:3198'])).toBe('platform');
  });
});

describe("wildcards too broad to be one dealer's hosts (issue 18 review)", () => {
  it("refuses a wildcard over a top-level domain or a country's shared second level", () => {
    for (const entry of [
      '*.com',
      '*.au',
      '*.COM.',
      '*.com.au',
      '*.net.au',
      '*.org.au',
      '*.co.nz',
      '*.govt.nz',
      '*.co.uk',
    ])
      expect(parseHostRule(entry), entry).toBeUndefined();
    expect(hostRuleRefusal('*.com')).toBe(
      '"*.com" would allow every site under .com, not one dealer\'s photo host; name the host itself (images.dealer.com) or a domain of the dealer\'s own (*.dealer.com)',
    );
    expect(hostRuleRefusal('*.com.au:8443')).toContain('every site under .com.au');
  });

  it("accepts a wildcard under one owner's domain, also in a country's second level", () => {
    for (const entry of ['*.dealer-cdn.com', '*.dealer.com.au', '*.photos.co.nz', '*.dealer.au', '*.cdn.dealer.co.uk'])
      expect(parseHostRule(entry), entry).toMatchObject({ wildcard: true });
  });

  it('refuses a wildcard under a shared hosting service, but not an exact host there', () => {
    for (const suffix of SHARED_HOSTING_SUFFIXES) {
      expect(parseHostRule(`*.${suffix}`), suffix).toBeUndefined();
      expect(parseHostRule(`dealer-photos.${suffix}`), suffix).toEqual({
        host: `dealer-photos.${suffix}`,
        wildcard: false,
      });
    }
    // Deeper wildcards are as shared: every bucket of S3 in a region.
    expect(parseHostRule('*.s3.ap-southeast-2.amazonaws.com')).toBeUndefined();
    expect(hostRuleRefusal('*.cloudfront.net')).toBe(
      '"*.cloudfront.net" would allow the photos of every customer of cloudfront.net, a shared hosting service; name the exact host instead (e.g. dealer-photos.cloudfront.net)',
    );
  });

  it('says why an entry is refused, and keeps the rest of the list', () => {
    const { rules, refused } = readHostRules('images.dealer.com, *.com, *.amazonaws.com d123.cloudfront.net, bad/path');
    expect(rules.map((r) => r.host)).toEqual(['images.dealer.com', 'd123.cloudfront.net']);
    expect(refused.map((r) => r.entry)).toEqual(['*.com', '*.amazonaws.com', 'bad/path']);
    expect(refused[2]?.refusal).toContain('"bad/path" is not a photo host');
    expect(hostRuleRefusal('cdn.com:70000')).toContain('port 1 to 65535');
    expect(hostRuleRefusal('*.10.0.0.1')).toBe('"*.10.0.0.1": a wildcard needs a domain name, not an address');
    expect(hostRuleRefusal('images.dealer.com')).toBeUndefined();
  });

  it('gives one fingerprint to lists that allow the same hosts, whatever their spelling or order', () => {
    const a = hostListFingerprint(parseHostRules(['IMAGES.dealer.com.', '*.cdn.com:8443']));
    expect(hostListFingerprint(parseHostRules('*.cdn.com:8443 images.dealer.com images.dealer.com'))).toBe(a);
    expect(hostListFingerprint(parseHostRules(['images.dealer.com']))).not.toBe(a);
    expect(hostListFingerprint([])).toBe('');
  });

  it('groups the names of one upstream: a registered domain, but each customer of a shared host apart', () => {
    expect(hostGroup('a.dealer-cdn.com')).toBe('dealer-cdn.com');
    expect(hostGroup('b.c.DEALER-CDN.com.')).toBe('dealer-cdn.com');
    expect(hostGroup('img.dealer.com.au')).toBe('dealer.com.au');
    expect(hostGroup('dealer.com.au')).toBe('dealer.com.au');
    expect(hostGroup('d123.cloudfront.net')).toBe('d123.cloudfront.net');
    expect(hostGroup('bucket.s3.amazonaws.com')).toBe('bucket.s3.amazonaws.com');
    expect(hostGroup('127.0.0.1')).toBe('127.0.0.1');
    expect(hostGroup('[2001:db8::1]')).toBe('[2001:db8::1]');
  });
});

describe('hosts a tenant may never name (issue 18 SSRF defence)', () => {
  it('refuses loopback, private and metadata addresses however they are written', () => {
    // The URL parser turns decimal, octal and hex spellings into dotted IPv4 first.
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://017700000001/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/',
      'http://100.100.100.200/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[64:ff9b::10.0.0.1]/',
      'http://[2002:7f00:1::]/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
      'http://[2001:0::1]/',
      'http://localhost/',
      'http://LOCALHOST./',
      'http://photos.localhost/',
      'http://metadata.google.internal/',
      'http://printer.local/',
      'http://intranet/',
    ]) {
      expect(tenantHostRefusal(new URL(url).hostname), url).toBeTruthy();
    }
  });

  it('lets public names and addresses through to the lookup', () => {
    for (const host of ['images.dealer.com', '8.8.8.8', '[2606:4700::1111]', '172.32.0.1', '100.128.0.1'])
      expect(tenantHostRefusal(host), host).toBeUndefined();
  });

  it('judges resolved addresses, including IPv6 forms that carry an IPv4 address', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:0:127.0.0.1')).toBe(false);
    expect(isPublicAddress('64:ff9b::8.8.8.8')).toBe(true);
    expect(isPublicAddress('64:ff9b::192.168.0.1')).toBe(false);
    expect(isPublicAddress('2002:0808:0808::1')).toBe(true);
    expect(isPublicAddress('2002:c0a8:0001::1')).toBe(false);
    expect(isPublicAddress('fe80::1%eth0')).toBe(false);
    expect(isPublicAddress('ff02::1')).toBe(false);
    expect(isPublicAddress('224.0.0.1')).toBe(false);
    expect(isPublicAddress('255.255.255.255')).toBe(false);
    expect(isPublicAddress('198.18.0.1')).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
    expect(isPublicAddress('127.000.000.001')).toBe(false);
  });

  it('reads IPv6 addresses in every shorthand', () => {
    expect(ipv6Bytes('::1')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(ipv6Bytes('[::ffff:1.2.3.4]')?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes('2001:db8::')?.slice(0, 4)).toEqual([0x20, 0x01, 0x0d, 0xb8]);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8')).toHaveLength(16);
    expect(ipv6Bytes('1::2::3')).toBeUndefined();
    expect(ipv6Bytes('1:2:3:4:5:6:7:8:9')).toBeUndefined();
    expect(ipv6Bytes('12345::')).toBeUndefined();
  });
});
