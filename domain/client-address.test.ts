import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addressForLimits } from './client-address';

// Issue 30 M2: 'address rotation or a few IPv6 addresses get around it': limits count an IPv6 /64.
describe('the address limits count a client by', () => {
  it('leaves IPv4 addresses as they are', () => {
    for (const ip of ['10.1.2.3', '192.0.2.1', '255.255.255.255', '0.0.0.0']) expect(addressForLimits(ip)).toBe(ip);
    expect(addressForLimits(' 203.0.113.9 ')).toBe('203.0.113.9');
  });

  it('counts every IPv6 address of one /64 as one client, whatever its spelling', () => {
    const same = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0009',
      '2001:db8:1:2:a:b:c:d',
      '[2001:db8:1:2::7]',
      '[2001:db8:1:2::7]:443',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2::192.0.2.1',
    ];
    for (const ip of same) expect(addressForLimits(ip), ip).toBe('2001:db8:1:2::');
  });

  it('keeps different /64s apart, including ones that differ only in the fourth group', () => {
    expect(addressForLimits('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
    expect(addressForLimits('2001:db8::1')).toBe('2001:db8:0:0::');
    expect(addressForLimits('::1')).toBe('0:0:0:0::');
    expect(addressForLimits('fe80::1')).toBe('fe80:0:0:0::');
    expect(addressForLimits('2001:db8:1:2::1')).not.toBe(addressForLimits('2001:db8:1:3::1'));
  });

  it('answers an address every IP parser accepts (better-auth reads it as the client address)', () => {
    for (const ip of ['2001:db8:1:2::1', '::1', '2001:db8::1', 'fe80::1'])
      expect(isIP(addressForLimits(ip)), ip).toBe(6);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address it maps', () => {
    expect(addressForLimits('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressForLimits('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(addressForLimits('0:0:0:0:0:ffff:c000:0201')).toBe('192.0.2.1');
    expect(addressForLimits('[::ffff:192.0.2.1]:8080')).toBe('192.0.2.1');
  });

  it('strips a port from an IPv4 address', () => {
    expect(addressForLimits('192.0.2.1:51234')).toBe('192.0.2.1');
  });

  it('returns what is not an address trimmed, as one client of its own', () => {
    for (const text of ['unknown', '2001:db8:::1', '1:2:3:4:5:6:7:8:9', '999.1.1.1', 'gg::1', ''])
      expect(addressForLimits(` ${text} `)).toBe(text);
  });
});
