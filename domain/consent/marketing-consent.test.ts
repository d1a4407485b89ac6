import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE } from '../forms/form-messages';
import {
  normaliseEmail,
  oneClickUnsubscribeUrl,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_PATH,
  unsubscribedMessage,
  unsubscribedOptIn,
  unsubscribeUrl,
} from './marketing-consent';

describe('marketing consent rules', () => {
  it('lives at /pages/unsubscribe (spec: conversion §2.3 menu routes)', () => {
    expect(UNSUBSCRIBE_PATH).toBe('/pages/unsubscribe');
  });

  it('links an e-mail to the page with the address filled in, encoded', () => {
    expect(unsubscribeUrl('https://harbour.example', 'ana+cars@example.com')).toBe(
      'https://harbour.example/pages/unsubscribe?email=ana%2Bcars%40example.com',
    );
    expect(unsubscribeUrl('https://harbour.example/')).toBe('https://harbour.example/pages/unsubscribe');
  });

  it('carries the token of an e-mail link, on the page and as a one-click address (issue 30 L7, RFC 8058)', () => {
    const token = 'A'.repeat(43);
    expect(unsubscribeUrl('https://harbour.example', 'ana+cars@example.com', token)).toBe(
      `https://harbour.example/pages/unsubscribe?email=ana%2Bcars%40example.com&token=${token}`,
    );
    expect(oneClickUnsubscribeUrl('https://harbour.example/', 'ana+cars@example.com', token)).toBe(
      `https://harbour.example/api/unsubscribe?email=ana%2Bcars%40example.com&token=${token}`,
    );
  });

  it('compares addresses trimmed and lower-cased, and accepts only what the forms accept', () => {
    expect(normaliseEmail('  Ana.Silva@Example.COM ')).toBe('ana.silva@example.com');
    expect(normaliseEmail("o'neil+cars@mail.example.co.nz")).toBe("o'neil+cars@mail.example.co.nz");
    for (const bad of ['', ' ', 'ana', 'ana@', '@example.com', 'a b@example.com', 'ana@example', 'ana@@example.com'])
      expect(normaliseEmail(bad), bad).toBeUndefined();
    for (const bad of [undefined, null, 42, true, ['ana@example.com'], { email: 'ana@example.com' }])
      expect(normaliseEmail(bad)).toBeUndefined();
    expect(
      normaliseEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`),
    ).toBeUndefined();
  });

  it("speaks the forms' words for a bad address, and confirms by site name", () => {
    expect(UNSUBSCRIBE_MESSAGES.invalidEmail).toBe(EMAIL_MESSAGE);
    expect(unsubscribedMessage('Harbour City Mazda')).toBe(
      'You have been unsubscribed from Harbour City Mazda marketing e-mails.',
    );
  });

  it("writes the withdrawal for the dealer on the site's clock", () => {
    expect(unsubscribedOptIn('2026-11-26T22:30:00.000Z', 'Australia/Sydney')).toBe(
      'no (unsubscribed on 27 November 2026)',
    );
    expect(unsubscribedOptIn('2026-11-26T22:30:00.000Z', 'Australia/Perth')).toBe(
      'no (unsubscribed on 27 November 2026)',
    );
    expect(unsubscribedOptIn('2026-11-26T10:30:00.000Z', 'Australia/Perth')).toBe(
      'no (unsubscribed on 26 November 2026)',
    );
    expect(unsubscribedOptIn('not a date', 'Australia/Sydney')).toBe('no (unsubscribed)');
  });
});
