/**
 * The server's log (issue 35): one JSON line per entry with the request's id, site and route kind;
 * secrets, bearer tokens, URL passwords and full e-mail addresses never written.
 */
import { describe, expect, it } from 'vitest';
import {
  createLogger,
  logSettings,
  prettyLine,
  redact,
  requestContexts,
  requestIdFrom,
  routeConsole,
  secretsIn,
} from './log.mjs';

function capture(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const log = createLogger(env, { write: (line: string) => lines.push(line) });
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the structured log', () => {
  it('writes one JSON line per entry with level, time and the request being handled', () => {
    const { log, entries } = capture();
    requestContexts().run({ requestId: 'req-1', site: 'harbour-city-mazda', routeKind: 'vehicle' }, () =>
      log.info({ status: 200 }, 'request'),
    );
    log.warn('outside any request');
    const [inside, outside] = entries();
    expect(inside).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: 'req-1',
      site: 'harbour-city-mazda',
      routeKind: 'vehicle',
      status: 200,
    });
    expect(typeof inside?.time).toBe('string');
    expect(outside).toMatchObject({ level: 'warn', msg: 'outside any request' });
    expect(outside).not.toHaveProperty('requestId');
  });

  it('never writes the environment secrets, bearer tokens, URL passwords or whole e-mail addresses', () => {
    const env = {
      AUTH_SECRET: 'a-very-long-auth-secret-value-0123456789',
      HEALTH_TOKEN: 'health-token-abcdefghijklmnopqrstuvwxyz',
      DATABASE_URL: 'postgres://platform:pg%2Fpass%40word@db:5432/platform',
      SMTP_URL: 'smtp://mailer:smtp-password-9@mail.example:587',
    };
    const { log, lines } = capture(env);
    log.error(
      `signed with ${env.AUTH_SECRET}; Authorization: Bearer ${env.HEALTH_TOKEN}; Bearer abc.def-ghi; ${env.DATABASE_URL}; ${env.SMTP_URL}; lead from jane.citizen+cars@example.com.au`,
    );
    const text = lines.join('');
    for (const secret of [
      env.AUTH_SECRET,
      env.HEALTH_TOKEN,
      'pg%2Fpass%40word',
      'pg/pass@word',
      'smtp-password-9',
      'abc.def-ghi',
      'jane.citizen',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('j…@example.com.au');
    expect(text).toContain('[redacted]');
  });

  it('finds secrets by the variable name, and passwords in any URL', () => {
    expect(
      secretsIn({ MY_API_KEY: 'k'.repeat(12), SHORT_TOKEN: 'abc', PORT: '3000', X: 'https://u:pw1234@h/' }),
    ).toEqual(['k'.repeat(12), 'pw1234']);
    expect(redact('{"msg":"to a@b.co"}', [])).toBe('{"msg":"to a…@b.co"}');
  });

  it("keeps a caller's plain X-Request-Id and replaces anything else", () => {
    expect(requestIdFrom('lb-7f3a.01')).toBe('lb-7f3a.01');
    expect(requestIdFrom('has spaces or "quotes"')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends console calls through it, one line each, an Error as a field', () => {
    const { log, entries } = capture();
    const saved = {
      log: console.log,
      error: console.error,
      warn: console.warn,
      info: console.info,
      debug: console.debug,
      trace: console.trace,
    };
    try {
      routeConsole(log);
      console.log('ready on %d', 3000);
      console.error('a feed pull failed', new Error('connection refused'));
    } finally {
      Object.assign(console, saved);
    }
    const [ready, failed] = entries();
    expect(ready).toMatchObject({ level: 'info', msg: 'ready on 3000' });
    expect(failed).toMatchObject({ level: 'error', msg: 'a feed pull failed', err: { message: 'connection refused' } });
    expect(String((failed?.err as { stack?: string }).stack)).toContain('Error: connection refused');
  });

  it('refuses a LOG_LEVEL or LOG_FORMAT it does not know, naming it', () => {
    expect(() => logSettings({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL is "verbose"; it must be one of fatal, error/,
    );
    expect(() => logSettings({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT is "xml"/);
    expect(logSettings({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' })).toEqual({ level: 'debug', pretty: true });
  });

  it('prints a readable line in the pretty format', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 'warn',
        time: '2026-11-29T10:01:02.000Z',
        pid: 1,
        msg: 'slow',
        site: 'x',
        routeKind: 'search',
        requestId: 'abcdef123456',
        ms: 12,
      }),
    );
    expect(line).toBe('10:01:02 WARN  [x search abcdef12] slow  ms=12\n');
  });
});
