import { describe, expect, it } from 'vitest';
import {
  createUnsubscribeToken,
  signedUnsubscribeLinks,
  unsubscribeKey,
  unsubscribeTokenMatches,
} from './unsubscribe-token';

// Issue 30 L7: an unsubscribe needs the token of the e-mail's link, made for that site and address.
const key = unsubscribeKey('unsubscribe-token-test-secret-0123456789');

describe('unsubscribe tokens', () => {
  it('are accepted for the site and address they were made for, however the address is cased or spaced', () => {
    const token = createUnsubscribeToken('harbour-city-mazda', 'Ana@Example.com', key);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeTokenMatches(token, 'harbour-city-mazda', 'ana@example.com', key)).toBe(true);
    expect(unsubscribeTokenMatches(token, 'harbour-city-mazda', ' ANA@example.COM ', key)).toBe(true);
  });

  it('are refused for another address, another site, under another secret, altered, or missing', () => {
    const token = createUnsubscribeToken('harbour-city-mazda', 'ana@example.com', key) ?? '';
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const cases: [unknown, string, unknown, Buffer][] = [
      [token, 'harbour-city-mazda', 'bob@example.com', key],
      [token, 'southern-cross-motors', 'ana@example.com', key],
      [token, 'harbour-city-mazda', 'ana@example.com', unsubscribeKey('another-secret-another-secret-0123456')],
      [flipped, 'harbour-city-mazda', 'ana@example.com', key],
      [`${token}A`, 'harbour-city-mazda', 'ana@example.com', key],
      [token.slice(1), 'harbour-city-mazda', 'ana@example.com', key],
      [undefined, 'harbour-city-mazda', 'ana@example.com', key],
      ['', 'harbour-city-mazda', 'ana@example.com', key],
      [42, 'harbour-city-mazda', 'ana@example.com', key],
      [token, 'harbour-city-mazda', undefined, key],
    ];
    for (const [given, site, email, k] of cases)
      expect(unsubscribeTokenMatches(given, site, email, k), `${String(given)} ${site} ${String(email)}`).toBe(false);
  });

  it('are made only for addresses the forms accept', () => {
    expect(createUnsubscribeToken('harbour-city-mazda', 'ana@example', key)).toBeUndefined();
    expect(
      signedUnsubscribeLinks('https://harbour.example', 'harbour-city-mazda', 'not an address', key),
    ).toBeUndefined();
  });

  it('go in an e-mail as the page link and the one-click List-Unsubscribe address (RFC 8058)', () => {
    const links = signedUnsubscribeLinks('https://harbour.example', 'harbour-city-mazda', 'Ana+Cars@Example.com', key);
    const token = createUnsubscribeToken('harbour-city-mazda', 'ana+cars@example.com', key) ?? '';
    expect(links).toEqual({
      page: `https://harbour.example/pages/unsubscribe?email=ana%2Bcars%40example.com&token=${token}`,
      oneClick: `https://harbour.example/api/unsubscribe?email=ana%2Bcars%40example.com&token=${token}`,
    });
  });
});
