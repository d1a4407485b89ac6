import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { importFeed } from '../stock/import-feed';
import {
  EmbeddedPaymentProvider,
  getPaymentProvider,
  HttpPaymentProvider,
  PaymentProviderError,
  type PaymentIntentInput,
} from './payment-provider';
import { getReservation, holdCar } from './reservations';

const now = new Date('2026-11-22T00:00:00Z');
let db: PlatformDb;
let reservationId: number;
beforeEach(async () => {
  db = await openTestDatabase();
  await importFeed(
    db,
    {
      dealerships: [{ id: 1, slug: 'one', name: 'One' }],
      cars: [
        {
          id: 1,
          slug: 'car-1',
          make: 'Mazda',
          model: 'CX-5',
          year: 2022,
          car_type: 'used',
          status: 'in_stock',
          price: 30000,
          dealership_id: 1,
        },
      ],
    },
    { file: 'feed.json', now },
  );
  const held = await holdCar(db, { tenant: 'harbour-city-mazda', carId: 1, leadId: null, deposit: 200, now });
  if (!held.ok) throw new Error(held.message);
  reservationId = held.reservation.id;
});
afterEach(async () => db.destroy());

const input = (): PaymentIntentInput => ({
  tenant: 'harbour-city-mazda',
  reservationId,
  amountCents: 20_000,
  currency: 'AUD',
  description: 'Deposit for 2022 Mazda CX-5',
});
const PAYMENT_INTENT_COLUMNS = [
  'id',
  'tenant',
  'reservation_id',
  'amount_cents',
  'currency',
  'status',
  'provider',
  'provider_ref',
  'created_at',
  'updated_at',
];

describe('EmbeddedPaymentProvider', () => {
  it('records the deposit as an unpaid intent with an id nobody can guess, and no card fields', async () => {
    const provider = new EmbeddedPaymentProvider(db, () => now);
    const first = await provider.createIntent(input());
    expect(first).toEqual({ id: expect.stringMatching(/^pi_[A-Za-z0-9_-]{24}$/), status: 'unpaid' });
    const second = await provider.createIntent(input());
    expect(second.id).not.toBe(first.id);
    // 144 random bits, base64url: nothing about the reservation can be read from it or guessed.
    expect(first.id).toMatch(/^pi_[A-Za-z0-9_-]{24}$/);

    const row = await db.selectFrom('payment_intents').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toEqual({
      id: first.id,
      tenant: 'harbour-city-mazda',
      reservation_id: reservationId,
      amount_cents: 20_000,
      currency: 'AUD',
      status: 'unpaid',
      provider: 'embedded',
      provider_ref: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    // Kysely's introspection reads the columns on either database (pragma_table_info is SQLite's own).
    const table = (await db.introspection.getTables()).find((t) => t.name === 'payment_intents');
    expect(table?.columns.map((c) => c.name)).toEqual(PAYMENT_INTENT_COLUMNS);
    expect((await getReservation(db, reservationId))?.paymentIntentId).toBe(second.id);
  });

  it('refuses amounts that are not whole cents and unknown currencies', async () => {
    const provider = new EmbeddedPaymentProvider(db);
    await expect(provider.createIntent({ ...input(), amountCents: 199.5 })).rejects.toThrow(RangeError);
    await expect(provider.createIntent({ ...input(), currency: 'dollars' })).rejects.toThrow(RangeError);
  });
});

describe('HttpPaymentProvider', () => {
  let server: Server;
  let url: string;
  let answer: { status: number; body: string };
  const received: Array<{ headers: IncomingHttpHeaders; body: unknown }> = [];

  beforeEach(async () => {
    received.length = 0;
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/intents`;
  });
  afterEach(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs the intent with the bearer key and stores only the provider id and status', async () => {
    answer = {
      status: 201,
      body: JSON.stringify({
        id: 'prov_123',
        status: 'unpaid',
        redirectUrl: 'https://pay.example.com/checkout/prov_123',
        card: { number: '4242424242424242', cvc: '123' },
      }),
    };
    const provider = getPaymentProvider(db, { PAYMENT_PROVIDER_URL: url, PAYMENT_PROVIDER_KEY: 'secret-key' });
    expect(provider).toBeInstanceOf(HttpPaymentProvider);
    const intent = await provider.createIntent(input());

    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'unpaid',
      redirectUrl: 'https://pay.example.com/checkout/prov_123',
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.headers).toMatchObject({
      authorization: 'Bearer secret-key',
      'content-type': 'application/json',
      'idempotency-key': intent.id,
    });
    expect(received[0]?.body).toEqual({ intentId: intent.id, ...input() });
    const row = await db
      .selectFrom('payment_intents')
      .selectAll()
      .where('id', '=', intent.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'unpaid', provider: 'http', provider_ref: 'prov_123', amount_cents: 20_000 });
    expect(JSON.stringify(row)).not.toContain('4242');
    expect((await getReservation(db, reservationId))?.paymentIntentId).toBe(intent.id);
  });

  it('passes on a deposit the provider reports paid straight away', async () => {
    answer = { status: 200, body: JSON.stringify({ id: 'prov_9', status: 'paid' }) };
    expect(await new HttpPaymentProvider(db, { url }).createIntent(input())).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'paid',
    });
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it.each([
    ['an error status', 502, '{"error":"down"}', /HTTP 502/],
    ['an answer without an id', 200, '{"status":"unpaid"}', /no "id"/],
    ['a status it does not know', 200, '{"id":"x","status":"pending"}', /"status"/],
    [
      'a redirect that is not http(s)',
      200,
      '{"id":"x","status":"unpaid","redirectUrl":"javascript:alert(1)"}',
      /redirectUrl/,
    ],
    ['text that is not JSON', 200, 'OK', /not a JSON object/],
  ])('stores the intent as failed and throws on %s', async (_, status, body, message) => {
    answer = { status, body };
    const error = await new HttpPaymentProvider(db, { url }).createIntent(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toMatch(message);
    const row = await db.selectFrom('payment_intents').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: (error as PaymentProviderError).intentId, status: 'failed', provider_ref: null });
  });

  it('treats an unreachable provider as a failure', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.listen(0); // closed again by afterEach
    await expect(new HttpPaymentProvider(db, { url, timeoutMs: 2_000 }).createIntent(input())).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });
});

describe('getPaymentProvider', () => {
  it('is the embedded provider unless PAYMENT_PROVIDER_URL is set', () => {
    expect(getPaymentProvider(db, {}).name).toBe('embedded');
    expect(getPaymentProvider(db, { PAYMENT_PROVIDER_URL: '  ' }).name).toBe('embedded');
    expect(() => getPaymentProvider(db, { PAYMENT_PROVIDER_URL: 'ftp://pay.example' })).toThrow(/not an http\(s\) URL/);
  });
});
