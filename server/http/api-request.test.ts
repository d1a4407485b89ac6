import { afterEach, describe, expect, it, vi } from 'vitest';
import { callerAddress, jsonBody, MAX_JSON_DEPTH, nestsDeeperThan } from './api-request';

const post = (body: BodyInit, type = 'application/json', headers: Record<string, string> = {}) =>
  new Request('http://site.example/api/x', {
    method: 'POST',
    body,
    headers: { 'content-type': type, ...headers },
    duplex: 'half',
  } as RequestInit);

describe('jsonBody', () => {
  it('reads a JSON body', async () => {
    expect(await jsonBody(post('{"a":[1,{"b":2}]}'))).toEqual({ ok: true, body: { a: [1, { b: 2 }] } });
  });

  it('refuses other content types, which other sites can post without a preflight', async () => {
    const read = await jsonBody(post('{"car_id":1}', 'text/plain'));
    expect(read).toMatchObject({ ok: false, tooLarge: false, error: expect.stringContaining('application/json') });
  });

  it('refuses a body nested deeper than any form before parsing it (issue 14: a 20,000-deep message overflowed the stack)', async () => {
    const deep = `{"message":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const read = await jsonBody(post(deep));
    expect(read).toMatchObject({ ok: false, tooLarge: false, error: expect.stringContaining('nests deeper') });
    // Brackets inside strings are text, not nesting.
    expect(await jsonBody(post(JSON.stringify({ message: '['.repeat(5000) })))).toMatchObject({ ok: true });
  });

  it('stops reading a body without a declared length as soon as it passes the limit', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const read = await jsonBody(post(stream), 64 * 1024);
    expect(read).toMatchObject({ ok: false, tooLarge: true });
    expect(pulled).toBeLessThan(10);
  });

  it('refuses a declared length over the limit without reading', async () => {
    expect(
      await jsonBody(post('{}', 'application/json', { 'content-length': String(10 * 1024 * 1024) })),
    ).toMatchObject({ ok: false, tooLarge: true });
  });

  it('answers broken JSON with a sentence', async () => {
    expect(await jsonBody(post('{"a":'))).toEqual({
      ok: false,
      tooLarge: false,
      error: 'The request is not valid JSON.',
    });
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects outside strings, escapes included', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\"[[[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(`${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH)).toBe(
      false,
    );
  });
});

// Issue 30 M2: 'a few IPv6 addresses get around it': every limit keyed by the caller's address counts an IPv6 /64.
describe('callerAddress', () => {
  afterEach(() => vi.unstubAllEnvs());
  const from = (headers: Record<string, string>) => callerAddress(new Headers(headers));

  it('takes the entry the trusted proxy appended, IPv4 as it is', () => {
    expect(from({ 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(from({ 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9');
    vi.stubEnv('TRUSTED_PROXY_HOPS', '2');
    expect(from({ 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toBe('198.51.100.1');
  });

  it('answers every address of one IPv6 /64 alike, and other /64s apart', () => {
    const one = ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:dead:beef:0:1'].map((ip) =>
      from({ 'x-forwarded-for': ip }),
    );
    expect(new Set(one)).toEqual(new Set(['2001:db8:7:1::']));
    expect(from({ 'x-forwarded-for': '2001:db8:7:2::1' })).toBe('2001:db8:7:2::');
    expect(from({ 'x-real-ip': '2001:db8:7:1::99' })).toBe('2001:db8:7:1::');
  });

  it('answers an IPv4-mapped IPv6 address as IPv4, and nothing when no address was given', () => {
    expect(from({ 'x-forwarded-for': '::ffff:203.0.113.9' })).toBe('203.0.113.9');
    expect(from({})).toBeUndefined();
    expect(from({ 'x-forwarded-for': ' , ' })).toBeUndefined();
  });
});
