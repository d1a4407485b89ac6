import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxyHops } from './client-network';

describe('the client a per-client limit counts (issue 30)', () => {
  it("takes the address the trusted proxy saw, as the API routes' callerAddress does", () => {
    expect(clientAddress('203.0.113.9', undefined, '10.0.0.1', 1)).toBe('203.0.113.9');
    // A client's own X-Forwarded-For entries come first; the proxy appends the real one.
    expect(clientAddress('1.1.1.1, 2.2.2.2, 203.0.113.9', undefined, '10.0.0.1', 1)).toBe('203.0.113.9');
    expect(clientAddress('1.1.1.1, 203.0.113.9, 10.0.0.2', undefined, '10.0.0.1', 2)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', undefined, undefined, 5)).toBe('203.0.113.9');
    expect(clientAddress(undefined, '198.51.100.4', '10.0.0.1', 1)).toBe('198.51.100.4');
    expect(clientAddress(' , ', undefined, '::1', 1)).toBe('::1');
    expect(clientAddress(undefined, undefined, undefined, 1)).toBeUndefined();
    expect([trustedProxyHops(undefined), trustedProxyHops('2'), trustedProxyHops('0'), trustedProxyHops('x')]).toEqual([
      1, 2, 1, 1,
    ]);
  });
});
