import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { locatePostcode } from './geocoder';
import { HttpGeocoder } from './http-geocoder';

type Reply = (url: URL, response: ServerResponse) => void;

const json =
  (status: number, body: unknown): Reply =>
  (_url, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

describe('HTTP geocoder against a local server', () => {
  let server: Server;
  let base: string;
  let reply: Reply;
  const requests: URL[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push(url);
      reply(url, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/geocode/json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    reply = json(200, { status: 'ZERO_RESULTS', results: [] });
  });

  // spec: conversion §7 item 6 — "GET maps geocode by postal_code and country AU; reads results[0].geometry.location {lat, lng}".
  it('asks by postal_code and country AU and reads results[0].geometry.location', async () => {
    reply = json(200, {
      status: 'OK',
      results: [
        { geometry: { location: { lat: -33.8688, lng: 151.2093 } } },
        { geometry: { location: { lat: 0, lng: 0 } } },
      ],
    });
    await expect(new HttpGeocoder({ url: base }).geocodePostcode(' 2000 ')).resolves.toEqual({
      lat: -33.8688,
      lng: 151.2093,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/maps/geocode/json');
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({ postal_code: '2000', country: 'AU' });
  });

  it('keeps a query the configured address already has and adds the key when set', async () => {
    reply = json(200, { results: [{ geometry: { location: { lat: -37.81, lng: 144.96 } } }] });
    await new HttpGeocoder({ url: `${base}?region=au`, apiKey: 'k1' }).geocodePostcode('3000');
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      region: 'au',
      postal_code: '3000',
      country: 'AU',
      key: 'k1',
    });
  });

  // spec: conversion §8 — "Geocode without result | Fails with 'Invalid postcode'".
  it("has no result for an empty answer, which fails with 'Invalid postcode'", async () => {
    const geocoder = new HttpGeocoder({ url: base });
    await expect(geocoder.geocodePostcode('9999')).resolves.toBeNull();
    await expect(locatePostcode(geocoder, '9999')).rejects.toThrow('Invalid postcode');
    reply = json(200, { results: [{ geometry: {} }] });
    await expect(geocoder.geocodePostcode('9999')).resolves.toBeNull();
    reply = json(404, { error: 'not found' });
    await expect(geocoder.geocodePostcode('9999')).resolves.toBeNull();
  });

  it('does not call the service for something that is not a postcode', async () => {
    await expect(new HttpGeocoder({ url: base }).geocodePostcode('20OO')).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('rejects when the service fails, so an outage is not blamed on the postcode', async () => {
    const geocoder = new HttpGeocoder({ url: base });
    reply = json(500, {});
    await expect(geocoder.geocodePostcode('2000')).rejects.toThrow('Geocoder answered 500');
    reply = json(200, { status: 'REQUEST_DENIED', results: [] });
    await expect(geocoder.geocodePostcode('2000')).rejects.toThrow('REQUEST_DENIED');
    reply = (_url, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{not json');
    };
    await expect(geocoder.geocodePostcode('2000')).rejects.toThrow();
  });

  it('gives up after its timeout', async () => {
    reply = (_url, response) => void setTimeout(() => json(200, { results: [] })(_url, response), 500);
    await expect(new HttpGeocoder({ url: base, timeoutMs: 50 }).geocodePostcode('2000')).rejects.toThrow();
  });

  it('refuses an address that is not a URL at construction', () => {
    expect(() => new HttpGeocoder({ url: 'not a url' })).toThrow('GEOCODER_URL');
  });
});
