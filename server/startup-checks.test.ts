import { describe, expect, it } from 'vitest';
import { authSecret } from '../services/auth/auth-instance';
import { startupProblems } from './startup-checks';

const SECRET = 'x'.repeat(40);

describe('startupProblems (issue 17: several servers on PostgreSQL)', () => {
  it('lets the embedded database start without a secret (one is generated beside it)', () => {
    expect(startupProblems({})).toEqual([]);
    expect(startupProblems({ DATABASE_URL: 'file:data/platform.db' })).toEqual([]);
  });

  it('refuses PostgreSQL without AUTH_SECRET, saying why it must be shared', () => {
    const problems = startupProblems({ DATABASE_URL: 'postgres://app:pw@db.internal:5432/platform' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_URL names PostgreSQL, .* AUTH_SECRET must be set, the same on every server/);
    expect(startupProblems({ DATABASE_URL: 'postgres://app:pw@db.internal/platform', AUTH_SECRET: SECRET })).toEqual(
      [],
    );
  });

  it('names a DATABASE_URL it cannot use without showing its password, and a bad pool size', () => {
    expect(startupProblems({ DATABASE_URL: 'mysql://root:hunter2@db/platform' })).toEqual([
      'DATABASE_URL "mysql://root:***@db/platform" is not understood: use file:<path> (SQLite, the embedded default) or postgres://user:password@host:port/db (PostgreSQL).',
    ]);
    expect(startupProblems({ DATABASE_POOL_MAX: 'ten' })).toEqual([
      'DATABASE_POOL_MAX is "ten"; it must be a whole number of connections from 1 to 1000.',
    ]);
  });

  it('names a response cache setting it cannot use (issue 19)', () => {
    expect(startupProblems({ DOCUMENT_CACHE_MB: '32MB', DOCUMENT_CACHE_SECONDS: '0', DOCUMENT_CACHE: 'no' })).toEqual([
      'DOCUMENT_CACHE is "no"; it must be on (the default) or off.',
    ]);
    expect(startupProblems({ DOCUMENT_CACHE_MB: '32MB' })).toEqual([
      'DOCUMENT_CACHE_MB is "32MB"; it must be a whole number of megabytes from 1 to 4096.',
    ]);
    expect(startupProblems({ DOCUMENT_CACHE_SECONDS: '0' })).toEqual([
      'DOCUMENT_CACHE_SECONDS is "0"; it must be a whole number of seconds from 1 to 3600.',
    ]);
    expect(startupProblems({ IMAGE_MEMORY_CACHE_MB: '-1' })).toEqual([
      'IMAGE_MEMORY_CACHE_MB is "-1"; it must be a whole number of megabytes from 1 to 4096.',
    ]);
    expect(startupProblems({ DOCUMENT_CACHE: 'off', DOCUMENT_CACHE_MB: '8', DOCUMENT_CACHE_SECONDS: '5' })).toEqual([]);
  });

  it('names a PREVIEW_DOMAIN that is not a host name (issue 30 L2)', () => {
    expect(startupProblems({ PREVIEW_DOMAIN: 'https://preview.example/' })[0]).toMatch(
      /^PREVIEW_DOMAIN "https:\/\/preview\.example\/" is not a host name/,
    );
    expect(startupProblems({ PREVIEW_DOMAIN: 'preview.dealerplatform.com.au' })).toEqual([]);
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(startupProblems({ AUTH_SECRET: 'short' })[0]).toMatch(/^AUTH_SECRET is 5 characters long/);
  });

  it('authSecret never generates a per-machine secret for PostgreSQL', () => {
    expect(() => authSecret({ DATABASE_URL: 'postgresql://app@db/platform' })).toThrow(/AUTH_SECRET must be set/);
    expect(authSecret({ DATABASE_URL: 'postgresql://app@db/platform', AUTH_SECRET: SECRET })).toBe(SECRET);
  });
});
