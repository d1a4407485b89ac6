/**
 * Who may read GET /metrics (issue 35: "reachable only from addresses or with a token the operator
 * sets, never on a dealer domain by default"), and the settings' messages.
 */
import { describe, expect, it } from 'vitest';
import { metricsAccess, metricsSettings } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';
const direct = { remoteAddress: '127.0.0.1', forwarded: false, siteHost: false };

describe('GET /metrics access', () => {
  it('by default only this machine, straight to the server, on a host that is not a dealer site', () => {
    const settings = metricsSettings({});
    expect(metricsAccess(settings, direct)).toBe(true);
    expect(metricsAccess(settings, { ...direct, remoteAddress: '::1' })).toBe(true);
    expect(metricsAccess(settings, { ...direct, remoteAddress: '::ffff:127.0.0.1' })).toBe(true);
    expect(metricsAccess(settings, { ...direct, remoteAddress: '10.0.0.7' })).toBe(false);
    // A reverse proxy on this machine makes every shopper's request come from 127.0.0.1.
    expect(metricsAccess(settings, { ...direct, forwarded: true })).toBe(false);
    expect(metricsAccess(settings, { ...direct, siteHost: true })).toBe(false);
    expect(metricsAccess(settings, { forwarded: false, siteHost: false })).toBe(false);
  });

  it("METRICS_ALLOW names the scraper's addresses and networks", () => {
    const settings = metricsSettings({ METRICS_ALLOW: '10.0.0.0/8, fd00::/8' });
    expect(metricsAccess(settings, { ...direct, remoteAddress: '10.1.2.3' })).toBe(true);
    expect(metricsAccess(settings, { ...direct, remoteAddress: 'fd12::1' })).toBe(true);
    expect(metricsAccess(settings, direct)).toBe(false);
  });

  it('the METRICS_TOKEN holder reads it from anywhere; a wrong token is refused whatever the address', () => {
    const settings = metricsSettings({ METRICS_TOKEN: TOKEN });
    const far = { remoteAddress: '203.0.113.5', forwarded: true, siteHost: true };
    expect(metricsAccess(settings, { ...far, authorization: `Bearer ${TOKEN}` })).toBe(true);
    expect(metricsAccess(settings, { ...far, authorization: 'Bearer wrong' })).toBe(false);
    expect(metricsAccess(settings, { ...direct, authorization: `Bearer ${TOKEN}x` })).toBe(false);
    expect(metricsAccess(settings, far)).toBe(false);
    // Without a token set, a bearer header grants nothing.
    expect(metricsAccess(metricsSettings({}), { ...far, authorization: `Bearer ${TOKEN}` })).toBe(false);
  });

  it('says what is wrong with a short token or an address it cannot read', () => {
    expect(() => metricsSettings({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN has 5 characters; it needs at least 24/,
    );
    expect(() => metricsSettings({ METRICS_ALLOW: 'prometheus.internal' })).toThrow(
      /METRICS_ALLOW has "prometheus.internal", which is not an IP address/,
    );
    expect(() => metricsSettings({ METRICS_ALLOW: '10.0.0.0/40' })).toThrow(/network size is not valid/);
  });
});
