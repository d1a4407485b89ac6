import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormValidator } from '../../domain/forms/form-validator';
import { AUTOMATIC_REPLY_LABEL, CONTACT_NEEDED_MESSAGE } from '../../domain/messaging';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { submitLead, type LeadIntakeDeps } from '../leads/submit-lead';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { createEmbeddedProvider } from './provider';
import { createHttpProvider } from './http-provider';
import { sendInstantMessage, type MessagingDeps } from './send-message';

// listedCarIds asks the process-wide search service: here, one on this test's database.
let search: SearchService;
vi.mock(import('../search'), async (importOriginal) => ({
  ...(await importOriginal()),
  getSearchService: async () => search,
}));

const NOW = new Date('2026-11-20T01:00:00Z');
const feed = generateDemoFeed({ now: NOW });
const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('southern-cross-motors did not load');
const base = structuredClone(entry.config) as ResolvedTenant;
const site = (messaging: Partial<ResolvedTenant['messaging']>): ResolvedTenant => ({
  ...base,
  messaging: { ...base.messaging, ...messaging },
});
const car = feed.cars.find(
  (c) =>
    base.dealerships.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    c.show_on_dealer_website !== false,
)!;

let db: PlatformDb;
let intake: LeadIntakeDeps;
let keys = 0;
const logged: string[] = [];

beforeEach(async () => {
  db = await openTestDatabase();
  expect(
    (await importFeed(db, { dealerships: feed.dealerships, locations: feed.locations, cars: [car] }, { file: 't' })).ok,
  ).toBe(true);
  const stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
  intake = { db, stock, validator: new FormValidator(), rateLimit: 10, rateWindowMs: 600_000, now: () => NOW };
  logged.length = 0;
});
afterEach(async () => db.destroy());

function deps(extra: Partial<MessagingDeps> = {}): MessagingDeps {
  return {
    storeLead: (request) => submitLead(intake, request),
    env: { MESSAGING_SOUTHERN_CROSS_MOTORS__KEY: 'sekret-123' },
    hoursToday: async () => '8:30 am - 5:30 pm',
    log: (m) => logged.push(m),
    // The chat service of these tests is a server on this machine.
    allowPrivateAddresses: true,
    ...extra,
  };
}
const message = (extra: Record<string, unknown> = {}) => ({
  idempotencyKey: `message-key-${++keys}`,
  name: 'Ana Silva',
  phone: '0412 345 678',
  email: '',
  message: 'Is it still available?',
  page_url: `https://www.southerncrossmotors.com.au/cars/${car.slug}`,
  ...extra,
});
const leads = () => db.selectFrom('leads').selectAll().execute();
const deliveries = () => db.selectFrom('lead_deliveries').selectAll().execute();

describe('sendInstantMessage, embedded provider (conversion §1, §4.8; catalogue §2)', () => {
  it("stores the message as an 'Instant Message' lead about the car, queued for the dealer like any lead", async () => {
    const answer = await sendInstantMessage(deps(), {
      tenant: site({ enabled: true, autobot: false }),
      body: message({ car_id: car.id }),
      host: 'www.southerncrossmotors.com.au',
    });
    expect(answer).toMatchObject({ status: 201, body: { success: true } });
    expect(answer.body).not.toHaveProperty('reply');
    const [lead] = await leads();
    expect(lead).toMatchObject({
      tenant: base.slug,
      form: 'instant-message',
      category: 'Instant Message',
      car_id: car.id,
    });
    expect(JSON.parse(String(lead?.fields))).toMatchObject({ name: 'Ana Silva', message: 'Is it still available?' });
    expect((await deliveries()).length).toBe(base.leadDelivery.length);
  });

  it('a retried post with the same key stores one lead', async () => {
    const body = message();
    const first = await sendInstantMessage(deps(), { tenant: site({ enabled: true }), body });
    const again = await sendInstantMessage(deps(), { tenant: site({ enabled: true }), body });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 200, body: { success: true } });
    expect(await leads()).toHaveLength(1);
  });

  it('answers with a labelled automatic reply when the autobot is on, built from today’s hours', async () => {
    const answer = await sendInstantMessage(deps(), {
      tenant: site({ enabled: true, autobot: true }),
      body: message(),
    });
    expect(answer.body).toMatchObject({
      reply: {
        label: AUTOMATIC_REPLY_LABEL,
        text: `Thanks Ana, ${base.name} will reply by SMS or phone shortly. Our hours today are 8:30 am - 5:30 pm.`,
      },
    });
  });

  it('refuses a site without messaging, a post with neither phone nor e-mail, and the form’s own field errors; nothing is stored', async () => {
    expect(await sendInstantMessage(deps(), { tenant: site({ enabled: false }), body: message() })).toMatchObject({
      status: 404,
    });
    const noContact = await sendInstantMessage(deps(), {
      tenant: site({ enabled: true }),
      body: message({ phone: '', email: '' }),
    });
    expect(noContact).toMatchObject({
      status: 422,
      body: { field_errors: [{ field: 'phone', message: CONTACT_NEEDED_MESSAGE }] },
    });
    const noText = await sendInstantMessage(deps(), {
      tenant: site({ enabled: true }),
      body: message({ message: '' }),
    });
    expect(noText).toMatchObject({ status: 422, body: { field_errors: [{ field: 'message' }] } });
    const badKey = await sendInstantMessage(deps(), {
      tenant: site({ enabled: true }),
      body: message({ idempotencyKey: 'x' }),
    });
    expect(badKey.status).toBe(400);
    expect(await leads()).toHaveLength(0);
  });
});

describe('HTTP provider against a local chat service (conversion §1 messaging-service credential)', () => {
  let server: Server;
  let endpoint: string;
  let respond: (req: IncomingMessage) => { status: number; delayMs?: number } = () => ({ status: 200 });
  const received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
        const { status, delayMs = 0 } = respond(req);
        setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'), delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
    respond = () => ({ status: 200 });
  });
  const httpSite = () =>
    site({ enabled: true, provider: 'http', endpoint, credentialEnv: 'MESSAGING_SOUTHERN_CROSS_MOTORS__KEY' });

  it('stores the lead, then posts JSON with the key from the named environment variable; a retry is not posted again', async () => {
    const body = message({ car_id: car.id });
    const answer = await sendInstantMessage(deps(), { tenant: httpSite(), body });
    expect(answer.status).toBe(201);
    const [lead] = await leads();
    expect(received).toHaveLength(1);
    expect(received[0]?.headers.authorization).toBe('Bearer sekret-123');
    expect(received[0]?.body).toMatchObject({
      lead_id: lead?.id,
      site: base.slug,
      name: 'Ana Silva',
      phone: '0412 345 678',
      email: null,
      message: 'Is it still available?',
      car_id: car.id,
    });
    await sendInstantMessage(deps(), { tenant: httpSite(), body });
    expect(received).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('keeps the lead and reports why when the service fails, is slow or the key is not set', async () => {
    respond = () => ({ status: 500 });
    expect((await sendInstantMessage(deps(), { tenant: httpSite(), body: message() })).status).toBe(201);
    expect(logged.pop()).toMatch(/was stored but not passed on: The chat service at .* answered 500\./);

    respond = () => ({ status: 200, delayMs: 300 });
    await sendInstantMessage(deps({ forwardTimeoutMs: 50 }), { tenant: httpSite(), body: message() });
    expect(logged.pop()).toMatch(/did not answer within 0\.05 s\./);

    await sendInstantMessage(deps({ env: {} }), { tenant: httpSite(), body: message() });
    expect(logged.pop()).toMatch(/set the environment variable MESSAGING_SOUTHERN_CROSS_MOTORS__KEY\./);

    expect(await leads()).toHaveLength(3);
    expect((await deliveries()).length).toBe(3 * base.leadDelivery.length);
  });

  it('an unreachable service is reported with its address', async () => {
    const provider = createHttpProvider(
      {
        endpoint: 'http://127.0.0.1:9/closed',
        credentialEnv: 'MESSAGING_SOUTHERN_CROSS_MOTORS__KEY',
        env: { MESSAGING_SOUTHERN_CROSS_MOTORS__KEY: 'k' },
        allowPrivateAddresses: true,
      },
      createEmbeddedProvider((request) => submitLead(intake, request)),
    );
    expect(provider.kind).toBe('http');
    const result = await provider.send({
      tenant: httpSite(),
      idempotencyKey: 'unreachable-1',
      name: 'Ana',
      phone: '0412 345 678',
      email: '',
      message: 'Hello',
      pageUrl: '',
      honeypot: '',
    });
    expect(result.lead.status).toBe(201);
    expect(result.forward).toMatchObject({
      ok: false,
      error: expect.stringMatching(/127\.0\.0\.1:9\/closed could not be reached/),
    });
  });
});

// Security review (issue 20): a site's editor sets the endpoint and the key's name, so neither may
// reach a platform secret, another site's key, or an address inside the platform's network.
describe("the http chat provider sends only this site's own key, and only to the public internet", () => {
  it("refuses to send a platform secret or another site's key, whatever the endpoint", async () => {
    for (const name of ['AUTH_SECRET', 'DATABASE_URL', 'MESSAGING_HARBOUR_CITY_MAZDA__KEY']) {
      const answer = await sendInstantMessage(deps({ env: { [name]: 'secret-value' } }), {
        tenant: site({ enabled: true, provider: 'http', endpoint: 'https://chat.example/x', credentialEnv: name }),
        body: message(),
      });
      expect(answer.status).toBe(201);
      expect(logged.pop()).toMatch(/named MESSAGING_SOUTHERN_CROSS_MOTORS__ followed by a name/);
    }
  });

  // A name that resolves to a private address is refused at connection time: services/net/post-json.test.ts.
  it('refuses a loopback or private endpoint (by address and by a private name), keeping the lead', async () => {
    for (const endpoint of ['http://127.0.0.1:9/x', 'https://10.1.2.3/x', 'https://[::1]/x', 'https://localhost/x']) {
      const answer = await sendInstantMessage(deps({ allowPrivateAddresses: false }), {
        tenant: site({
          enabled: true,
          provider: 'http',
          endpoint,
          credentialEnv: 'MESSAGING_SOUTHERN_CROSS_MOTORS__KEY',
        }),
        body: message(),
      });
      expect(answer.status).toBe(201);
      expect(logged.pop()).toMatch(/could not be reached: .*(not a public internet address|names a private network)/);
    }
  });
});
