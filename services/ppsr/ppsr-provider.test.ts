import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PPSR_CACHE_MS,
  createPpsrReportCache,
  getPpsrProvider,
  httpPpsrProvider,
  type PpsrProvider,
} from './ppsr-provider';

const PDF = Buffer.from('%PDF-1.7\n% a certificate\n%%EOF\n', 'latin1');
const VIN = 'JM0KF4W7A00123456';
const car = { vin: VIN, slug: '2022-mazda-cx-5-maxx-1' };

// A real register stand-in on a local port: the path picks how it answers.
const seen: IncomingMessage[] = [];
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/ok') response.writeHead(200, { 'content-type': 'application/pdf; charset=binary' }).end(PDF);
    else if (path === '/html') response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Sign in</p>');
    else if (path === '/not-pdf')
      response.writeHead(200, { 'content-type': 'application/pdf' }).end('not a pdf at all');
    else if (path === '/redirect') response.writeHead(302, { location: '/ok' }).end();
    else if (path === '/created') response.writeHead(201, { 'content-type': 'application/pdf' }).end(PDF);
    else response.writeHead(500, { 'content-type': 'text/plain' }).end('register down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('httpPpsrProvider', () => {
  it('GETs {base}?vin= and returns the PDF', async () => {
    const bytes = await httpPpsrProvider(`${origin}/ok`).report(car);
    expect(Buffer.from(bytes).equals(PDF)).toBe(true);
    const request = seen.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`/ok?vin=${VIN}`);
    expect(request?.headers.accept).toBe('application/pdf');
  });

  it('keeps a query the base URL already has, and trims the VIN', async () => {
    await httpPpsrProvider(`${origin}/ok?account=dealer-7`).report({ ...car, vin: ` ${VIN} ` });
    expect(seen.at(-1)?.url).toBe(`/ok?account=dealer-7&vin=${VIN}`);
  });

  it('refuses an answer that is not application/pdf', async () => {
    await expect(httpPpsrProvider(`${origin}/html`).report(car)).rejects.toThrow(
      'The PPSR register answered content-type text/html, not application/pdf (car 2022-mazda-cx-5-maxx-1)',
    );
  });

  it('refuses a body that is not a PDF, whatever its content-type says', async () => {
    await expect(httpPpsrProvider(`${origin}/not-pdf`).report(car)).rejects.toThrow(
      'The PPSR register answered a body that is not a PDF',
    );
  });

  it('refuses an error status, and any status but 200', async () => {
    await expect(httpPpsrProvider(`${origin}/down`).report(car)).rejects.toThrow('The PPSR register answered HTTP 500');
    await expect(httpPpsrProvider(`${origin}/created`).report(car)).rejects.toThrow(
      'The PPSR register answered HTTP 201',
    );
  });

  it('does not follow redirects', async () => {
    const before = seen.length;
    await expect(httpPpsrProvider(`${origin}/redirect`).report(car)).rejects.toThrow(
      'The PPSR register could not be reached',
    );
    expect(seen.length).toBe(before + 1);
  });

  it('says so when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(httpPpsrProvider(`http://127.0.0.1:${port}/`).report(car)).rejects.toThrow(
      'The PPSR register could not be reached',
    );
  });

  it('asks nothing for a car without a VIN', async () => {
    const before = seen.length;
    await expect(httpPpsrProvider(`${origin}/ok`).report({ vin: null, slug: 'no-vin' })).rejects.toThrow(
      'Car no-vin has no VIN',
    );
    await expect(httpPpsrProvider(`${origin}/ok`).report({ vin: ' ', slug: 'no-vin' })).rejects.toThrow('has no VIN');
    expect(seen.length).toBe(before);
  });

  it('refuses a base that is not an http(s) URL', () => {
    expect(() => httpPpsrProvider('ppsr.example.com')).toThrow('PPSR_URL is not a URL');
    expect(() => httpPpsrProvider('file:///etc/passwd')).toThrow('PPSR_URL must be an http(s) URL');
  });
});

describe('getPpsrProvider', () => {
  it('is the HTTP provider when PPSR_URL is set', async () => {
    const provider = getPpsrProvider({ PPSR_URL: ` ${origin}/ok ` });
    expect(provider).toBeDefined();
    expect(Buffer.from((await provider?.report(car)) ?? []).equals(PDF)).toBe(true);
  });

  it('is undefined without PPSR_URL: there is no made-up certificate', () => {
    expect(getPpsrProvider({})).toBeUndefined();
    expect(getPpsrProvider({ PPSR_URL: '  ' })).toBeUndefined();
  });

  it('is undefined, logged once, when PPSR_URL is not an http(s) URL', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(getPpsrProvider({ PPSR_URL: 'not a url' })).toBeUndefined();
    expect(getPpsrProvider({ PPSR_URL: 'not a url' })).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

/** A register stand-in that counts calls and answers only when told, so calls can overlap. */
function pendingProvider(): PpsrProvider & { calls: string[]; answer(): void; fail(): void } {
  const calls: string[] = [];
  const waiting: Array<{ resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void }> = [];
  return {
    calls,
    report(car) {
      calls.push(car.vin ?? '');
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    answer: () => waiting.splice(0).forEach((call) => call.resolve(new Uint8Array(PDF))),
    fail: () => waiting.splice(0).forEach((call) => call.reject(new Error('The PPSR register answered HTTP 500'))),
  };
}

describe('the PPSR report cache', () => {
  it('keeps reports per tenant: two tenants asking for the same VIN make two paid calls', async () => {
    const cache = createPpsrReportCache();
    const provider = pendingProvider();
    const first = cache.report('harbour-motors', car, provider);
    provider.answer();
    await first;
    // Asked after the first tenant's report is cached: it still is not handed to another dealer.
    const second = cache.report('southern-cross-motors', car, provider);
    provider.answer();
    await second;
    expect(provider.calls).toEqual([VIN, VIN]);
    // Each tenant's own report is then reused.
    await cache.report('harbour-motors', car, provider);
    await cache.report('southern-cross-motors', car, provider);
    expect(provider.calls).toHaveLength(2);
  });

  it('10 concurrent requests for one tenant and VIN make exactly one call, and all get its report', async () => {
    const cache = createPpsrReportCache();
    const provider = pendingProvider();
    const requests = Array.from({ length: 10 }, () => cache.report('harbour-motors', car, provider));
    provider.answer();
    const reports = await Promise.all(requests);
    expect(provider.calls).toHaveLength(1);
    for (const report of reports) expect(Buffer.from(report).equals(PDF)).toBe(true);
  });

  it('treats a VIN in another case or with spaces as the same car', async () => {
    const cache = createPpsrReportCache();
    const provider = pendingProvider();
    const requests = [
      cache.report('harbour-motors', car, provider),
      cache.report('harbour-motors', { ...car, vin: ` ${VIN.toLowerCase()} ` }, provider),
    ];
    provider.answer();
    await Promise.all(requests);
    expect(provider.calls).toHaveLength(1);
  });

  it('does not keep a failed call: everyone waiting on it sees the failure, and the next request asks again', async () => {
    const cache = createPpsrReportCache();
    const provider = pendingProvider();
    const waiting = [cache.report('harbour-motors', car, provider), cache.report('harbour-motors', car, provider)];
    provider.fail();
    for (const request of waiting) await expect(request).rejects.toThrow('HTTP 500');
    const retry = cache.report('harbour-motors', car, provider);
    provider.answer();
    expect(Buffer.from(await retry).equals(PDF)).toBe(true);
    expect(provider.calls).toHaveLength(2);
  });

  it('fetches the report again once PPSR_CACHE_MS has passed', async () => {
    let now = 0;
    const cache = createPpsrReportCache({ now: () => now });
    const provider = pendingProvider();
    const ask = async () => {
      const report = cache.report('harbour-motors', car, provider);
      provider.answer();
      return report;
    };
    await ask();
    now += PPSR_CACHE_MS - 1;
    await ask();
    expect(provider.calls).toHaveLength(1);
    now += 1;
    await ask();
    expect(provider.calls).toHaveLength(2);
  });

  it('is bounded: past maxEntries the oldest report is evicted', async () => {
    const cache = createPpsrReportCache({ maxEntries: 3 });
    const provider = pendingProvider();
    const ask = async (vin: string) => {
      const report = cache.report('harbour-motors', { vin, slug: vin }, provider);
      provider.answer();
      return report;
    };
    for (const vin of ['VIN1', 'VIN2', 'VIN3', 'VIN4']) await ask(vin);
    expect(provider.calls).toEqual(['VIN1', 'VIN2', 'VIN3', 'VIN4']);
    await ask('VIN4');
    await ask('VIN2');
    expect(provider.calls).toHaveLength(4);
    await ask('VIN1');
    expect(provider.calls).toEqual(['VIN1', 'VIN2', 'VIN3', 'VIN4', 'VIN1']);
  });
});
