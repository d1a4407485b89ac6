import { describe, expect, it } from 'vitest';
import { HEALTH_TOKEN_MIN_CHARS, healthToken, mayReadHealthDetails } from './health-token';
import { startupProblems } from '../startup-checks';

// Issue 30 L8: who may read /healthz's details.
const TOKEN = 'a'.repeat(HEALTH_TOKEN_MIN_CHARS - 1) + 'Z';
const env = { HEALTH_TOKEN: TOKEN };

describe('mayReadHealthDetails', () => {
  it('is the holder of HEALTH_TOKEN, sent as a bearer token', () => {
    expect(mayReadHealthDetails(`Bearer ${TOKEN}`, env)).toBe(true);
    expect(mayReadHealthDetails(`bearer ${TOKEN}`, env)).toBe(true);
  });

  it('is no one else: no header, another token, a prefix of it, another scheme, the bare token', () => {
    for (const header of [
      null,
      '',
      'Bearer',
      'Bearer ',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ])
      expect(mayReadHealthDetails(header, env), String(header)).toBe(false);
  });

  it('is no one when HEALTH_TOKEN is unset or too short', () => {
    expect(mayReadHealthDetails('Bearer x', {})).toBe(false);
    expect(mayReadHealthDetails('Bearer ', { HEALTH_TOKEN: '' })).toBe(false);
    expect(mayReadHealthDetails('Bearer short', { HEALTH_TOKEN: 'short' })).toBe(false);
  });
});

describe('HEALTH_TOKEN at startup', () => {
  it('is optional, and refused when it could be guessed', () => {
    expect(healthToken({})).toBeUndefined();
    expect(healthToken(env)).toBe(TOKEN);
    expect(() => healthToken({ HEALTH_TOKEN: 'short' })).toThrow(/HEALTH_TOKEN is 5 characters long/);
    expect(startupProblems({ HEALTH_TOKEN: 'short' })).toEqual([
      expect.stringMatching(/^HEALTH_TOKEN is 5 characters/),
    ]);
    expect(startupProblems(env)).toEqual([]);
  });
});
