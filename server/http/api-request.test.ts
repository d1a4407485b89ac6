import { describe, expect, it } from 'vitest';
import { jsonBody, MAX_JSON_DEPTH, nestsDeeperThan } from './api-request';

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
