import { describe, expect, it } from 'vitest';
import { reservedDomainRefusal, wwwTwin } from './site-domains';

describe('the web addresses a tenant document may claim (issue 30 H1)', () => {
  it('pairs each address with its www. twin', () => {
    expect(wwwTwin('southerncrossmotors.com.au')).toBe('www.southerncrossmotors.com.au');
    expect(wwwTwin('www.southerncrossmotors.com.au')).toBe('southerncrossmotors.com.au');
  });

  it("refuses the platform's own names: development addresses, IP addresses, the Studio and its previews", () => {
    const reserved = { studioHost: 'studio.dealerplatform.com.au', previewDomain: 'preview.dealerplatform.com.au' };
    expect(reservedDomainRefusal('southern-cross-motors.localhost', reserved)).toMatch(/development address/);
    expect(reservedDomainRefusal('localhost', reserved)).toMatch(/development address/);
    expect(reservedDomainRefusal('127.0.0.1', reserved)).toMatch(/IP address/);
    expect(reservedDomainRefusal('studio.dealerplatform.com.au', reserved)).toMatch(/Tenant Studio/);
    expect(reservedDomainRefusal('www.studio.dealerplatform.com.au', reserved)).toMatch(/Tenant Studio/);
    expect(reservedDomainRefusal('harbour.preview.dealerplatform.com.au', reserved)).toMatch(/preview addresses/);
    expect(reservedDomainRefusal('www.harbourcitymazda.com.au', reserved)).toBeUndefined();
    expect(reservedDomainRefusal('dealerplatform.com.au', reserved)).toBeUndefined();
  });
});
