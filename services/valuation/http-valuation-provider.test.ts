import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getValuationProvider } from './get-valuation-provider';
import { EmbeddedValuationProvider } from './embedded-valuation-provider';
import { HttpValuationProvider } from './http-valuation-provider';

type Reply = (response: ServerResponse) => void;
interface Seen {
  method?: string;
  path?: string;
  authorization?: string;
  contentType?: string;
  body: unknown;
}

const json =
  (status: number, body: unknown): Reply =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
const text =
  (status: number, body: string): Reply =>
  (response) => {
    response.writeHead(status);
    response.end(body);
  };

const input = {
  tenant: 'harbour-city-mazda',
  make: 'Mazda',
  model: 'CX-5',
  year: 2019,
  km: 80000,
  rego: 'ABC123',
  regoState: 'NSW',
};
const good = { low: 24400, mid: 25700, high: 27000, basis: 'Glass guide trade value, adjusted for km.' };

describe('HTTP valuation provider against a local server', () => {
  let server: Server;
  let base: string;
  let reply: Reply;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        seen.push({
          method: request.method,
          path: request.url,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: raw ? JSON.parse(raw) : undefined,
        });
        reply(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/valuations`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
    reply = json(200, good);
  });

  it('posts the input as JSON with the bearer key and reads {low, high, mid, basis}', async () => {
    await expect(new HttpValuationProvider({ url: base, apiKey: 'k1' }).value(input)).resolves.toEqual(good);
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/v1/valuations',
        authorization: 'Bearer k1',
        contentType: 'application/json',
        body: input,
      },
    ]);
  });

  it('sends no authorization without a key, and gives a basis when the service sends none', async () => {
    reply = json(200, { low: 1000, mid: 1100, high: 1200, extra: true });
    await expect(new HttpValuationProvider({ url: base }).value(input)).resolves.toEqual({
      low: 1000,
      mid: 1100,
      high: 1200,
      basis: 'Estimate from our valuation service.',
    });
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it.each([
    ['404', text(404, 'no such car')],
    ['204', text(204, '')],
    ['an empty body', text(200, '')],
    ['null', json(200, null)],
    ['{}', json(200, {})],
  ])('has no valuation for %s', async (_name, answer) => {
    reply = answer;
    await expect(new HttpValuationProvider({ url: base }).value(input)).resolves.toBeNull();
  });

  it('rejects on a server error, a refused key, or an answer that is not a valuation', async () => {
    const provider = new HttpValuationProvider({ url: base });
    reply = text(503, 'down');
    await expect(provider.value(input)).rejects.toThrow('Valuation service answered 503');
    reply = text(401, 'bad key');
    await expect(provider.value(input)).rejects.toThrow('401');
    reply = json(200, { ...good, mid: '25700' });
    await expect(provider.value(input)).rejects.toThrow('invalid figures');
    reply = json(200, { ...good, low: 30000 });
    await expect(provider.value(input)).rejects.toThrow('low <= mid <= high');
    reply = text(200, '<html>');
    await expect(provider.value(input)).rejects.toThrow('invalid JSON');
    reply = json(200, [good]);
    await expect(provider.value(input)).rejects.toThrow('invalid JSON');
  });

  it('gives up after the timeout (10 s by default)', async () => {
    reply = () => undefined;
    await expect(new HttpValuationProvider({ url: base, timeoutMs: 200 }).value(input)).rejects.toThrow(
      'Valuation service did not answer within 0.2 s',
    );
  });
});

describe('getValuationProvider', () => {
  it('is the embedded rule of thumb without VALUATION_URL and HTTP with it', () => {
    expect(getValuationProvider({})).toBeInstanceOf(EmbeddedValuationProvider);
    expect(getValuationProvider({ VALUATION_URL: '  ' })).toBeInstanceOf(EmbeddedValuationProvider);
    expect(
      getValuationProvider({ VALUATION_URL: 'https://valuations.example/v1', VALUATION_API_KEY: 'k' }),
    ).toBeInstanceOf(HttpValuationProvider);
  });

  it('refuses a VALUATION_URL that is not an address at start-up', () => {
    expect(() => getValuationProvider({ VALUATION_URL: 'not a url' })).toThrow('VALUATION_URL is not a valid address');
  });
});
