import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  automaticReply,
  CHAT_BUBBLE_SCROLL,
  CONTACT_NEEDED_MESSAGE,
  CREDENTIAL_ENV_PATTERN,
  credentialEnvPrefix,
  credentialEnvRefusal,
  isCredentialEnvName,
  parseInstantMessage,
} from './messaging';

const post = (extra: Record<string, unknown> = {}) => ({
  idempotencyKey: 'abcdefgh-1',
  name: ' Ana Silva ',
  phone: '0412 345 678',
  message: 'Is it still available?',
  ...extra,
});

describe('instant messages (conversion §1, §4.8; catalogue §2)', () => {
  // spec: conversion §4.8 and §9 — the chat bubble changes style once the page is scrolled past 900 px.
  it('the chat bubble changes style past 900 px, like the mobile bar', () => {
    expect(CHAT_BUBBLE_SCROLL).toBe(900);
  });

  it('reads a post, trims its text and keeps the car', () => {
    expect(parseInstantMessage(post({ car_id: '42', email: '' }))).toEqual({
      ok: true,
      message: {
        idempotencyKey: 'abcdefgh-1',
        name: 'Ana Silva',
        phone: '0412 345 678',
        email: '',
        message: 'Is it still available?',
        pageUrl: '',
        honeypot: '',
        carId: 42,
      },
    });
  });

  it('asks for a phone number or an e-mail address when both are missing', () => {
    expect(parseInstantMessage(post({ phone: '  ' }))).toEqual({
      ok: false,
      error: `Please fix the following errors: ${CONTACT_NEEDED_MESSAGE}`,
      fieldErrors: [{ field: 'phone', message: CONTACT_NEEDED_MESSAGE }],
    });
    expect(parseInstantMessage(post({ phone: '', email: 'ana@example.com' })).ok).toBe(true);
  });

  it('refuses malformed posts with a developer’s message', () => {
    expect(parseInstantMessage([])).toMatchObject({ ok: false });
    expect(parseInstantMessage(post({ idempotencyKey: 'short' }))).toMatchObject({ error: /idempotencyKey/ });
    expect(parseInstantMessage(post({ name: 5 }))).toMatchObject({ error: '"name" must be text.' });
    expect(parseInstantMessage(post({ car_id: -1 }))).toMatchObject({ error: /car_id/ });
    expect(parseInstantMessage(post({ car_id: 'rav4' }))).toMatchObject({ error: /car_id/ });
  });

  it('the automatic reply thanks the shopper by first name, says how the dealer answers and gives today’s hours', () => {
    const base = { name: 'Ana Silva', dealer: 'Southern Cross Motors', phone: '0412', email: '' };
    expect(automaticReply({ ...base, hoursToday: '8:30 am - 5:30 pm' })).toBe(
      'Thanks Ana, Southern Cross Motors will reply by SMS or phone shortly. Our hours today are 8:30 am - 5:30 pm.',
    );
    expect(automaticReply({ ...base, phone: '', email: 'a@b.co', hoursToday: 'Closed' })).toBe(
      'Thanks Ana, Southern Cross Motors will reply by e-mail shortly. We are closed today.',
    );
    expect(automaticReply({ ...base, email: 'a@b.co' })).toBe(
      'Thanks Ana, Southern Cross Motors will reply by SMS or e-mail shortly.',
    );
  });

  it('a credential setting names an environment variable, never a pasted key; the tenant schema says the same', () => {
    expect(isCredentialEnvName('MESSAGING_SOUTHERN_CROSS_MOTORS__KEY')).toBe(true);
    // Platform secrets are never a chat key's name (security review, issue 20).
    for (const bad of [
      'chat_key',
      'sk_live_9f8a7b6c5d4e',
      'CH',
      'CHAT-KEY',
      '1CHAT',
      'AUTH_SECRET',
      'DATABASE_URL',
      'MESSAGING_',
      // One underscore: the site part would not end anywhere (issue 30, L3).
      'MESSAGING_SOUTHERN_CROSS_MOTORS_KEY',
    ])
      expect(isCredentialEnvName(bad)).toBe(false);
    const schema = JSON.parse(readFileSync('schemas/tenant.schema.json', 'utf8')) as {
      properties: { messaging: { properties: { credentialEnv: { pattern: string } } } };
    };
    expect(schema.properties.messaging.properties.credentialEnv.pattern).toBe(CREDENTIAL_ENV_PATTERN.source);
  });

  it('a site may only name its own chat keys: MESSAGING_<SITE>__…, and no site reaches another by a longer id', () => {
    expect(credentialEnvPrefix('southern-cross-motors')).toBe('MESSAGING_SOUTHERN_CROSS_MOTORS__');
    expect(credentialEnvRefusal('MESSAGING_SOUTHERN_CROSS_MOTORS__KEY', 'southern-cross-motors')).toBeUndefined();
    for (const other of ['MESSAGING_HARBOUR_CITY_MAZDA__KEY', 'MESSAGING_SOUTHERN_CROSS_MOTORS__', 'AUTH_SECRET'])
      expect(credentialEnvRefusal(other, 'southern-cross-motors')).toMatch(/named MESSAGING_SOUTHERN_CROSS_MOTORS__/);
    // Issue 30 L3: the key of southern-cross-motors is not one of southern-cross's, nor the reverse.
    expect(credentialEnvRefusal('MESSAGING_SOUTHERN_CROSS_MOTORS__KEY', 'southern-cross')).toBeDefined();
    expect(credentialEnvRefusal('MESSAGING_SOUTHERN_CROSS__MOTORS_KEY', 'southern-cross-motors')).toBeDefined();
    expect(credentialEnvRefusal('MESSAGING_SOUTHERN_CROSS__MOTORS_KEY', 'southern-cross')).toBeUndefined();
  });
});
