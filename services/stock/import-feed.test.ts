import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getValidators } from '../../schemas/ajv';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import { migrateToLatest, openDatabase, type PlatformDb } from '../db/database';
import { freshDatabaseUrl, openTestDatabase, testDatabaseKind } from '../db/test-database';
import { recordPhoneReveal } from '../leads/phone-reveals';
import { importFeed } from './import-feed';
import { StockRepository } from './stock-repository';
import { feedCar } from './test-feed';

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => db.destroy());

const dealership = { id: 1, slug: 'test-motors', name: 'Test Motors' };
const location = {
  id: 10,
  name: 'Test Motors Sales',
  slug: 'test-motors-sales',
  dealership_id: 1,
  time_zone: 'Australia/Sydney',
  location_type: 'sales',
};
const car = (id: number, extra: Record<string, unknown> = {}) => feedCar(id, { location_id: 10, ...extra });

describe('importFeed', () => {
  it('imports dealerships, locations and cars, applying the catalogue §9 normalisations', async () => {
    const result = await importFeed(
      db,
      {
        dealerships: [dealership],
        locations: [location],
        cars: [car(1, { model: '3' }), car(2, { make: 'Mercedes Benz', model: 'C-Class' })],
      },
      { file: 'feed.json' },
    );
    expect(result).toMatchObject({ ok: true, dealerships: 1, locations: 1, cars: 2, normalised: 2 });
    const { cars } = await new StockRepository(db).indexSource();
    expect(cars.map((c) => `${c.make} ${c.model}`).sort()).toEqual(['Mazda Mazda3', 'Mercedes-Benz C-Class']);
  });

  it('imports nothing when any record is invalid, and names each bad record', async () => {
    const result = await importFeed(
      db,
      {
        dealerships: [dealership],
        locations: [location],
        cars: [car(1), car(2, { price: -5 }), car(3, { car_type: 'nearly-new' })],
      },
      { file: 'feed.json' },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.pointer)).toEqual(expect.arrayContaining(['/cars/1/price', '/cars/2/car_type']));
    expect(await new StockRepository(db).counts()).toEqual({ dealerships: 0, locations: 0, cars: 0 });
  });

  it('rejects references to unknown dealerships and locations', async () => {
    const result = await importFeed(
      db,
      {
        dealerships: [dealership],
        cars: [car(1, { dealership_id: 9, location_id: undefined }), car(2, { location_id: 99 })],
      },
      { file: 'feed.json' },
    );
    expect(!result.ok && result.issues.map((i) => `${i.pointer} ${i.message}`)).toEqual([
      '/cars/0/dealership_id expected the id of a known dealership, found 9',
      '/cars/1/location_id expected the id of a known location, found 99',
    ]);
  });

  it('rejects duplicate ids within a feed', async () => {
    const result = await importFeed(
      db,
      { dealerships: [dealership], locations: [location], cars: [car(1), { ...car(1), slug: 'other' }] },
      { file: 'feed.json' },
    );
    expect(!result.ok && result.issues[0]?.message).toBe('id 1 appears twice (also at /cars/0)');
  });

  it('upserts by id', async () => {
    await importFeed(db, { dealerships: [dealership], locations: [location], cars: [car(1)] }, { file: 'a.json' });
    await importFeed(db, { cars: [car(1, { price: 25000 })] }, { file: 'b.json' });
    const [only] = (await new StockRepository(db).indexSource()).cars;
    expect(only?.price).toBe(25000);
    expect((await new StockRepository(db).counts()).cars).toBe(1);
  });

  it('with replace, withdraws the dealership cars that the feed no longer has', async () => {
    await importFeed(
      db,
      { dealerships: [dealership], locations: [location], cars: [car(1), car(2), car(3)] },
      { file: 'a.json' },
    );
    const result = await importFeed(db, { cars: [car(1), car(3)] }, { file: 'b.json', replace: true });
    expect(result).toMatchObject({ ok: true, withdrawn: 1 });
    const { cars } = await new StockRepository(db).indexSource();
    expect(cars.map((c) => c.id).sort()).toEqual([1, 3]);
  });

  it('names a slug that another record of the database already has, and imports nothing', async () => {
    await importFeed(
      db,
      { dealerships: [dealership], locations: [location], cars: [car(1), car(2)] },
      { file: 'a.json' },
    );
    const result = await importFeed(
      db,
      { cars: [car(3), car(4, { slug: 'car-2' }), car(1, { slug: 'car-1-renamed' })] },
      { file: 'b.json' },
    );
    expect(!result.ok && result.issues.map((i) => `${i.pointer} ${i.message}`)).toEqual([
      '/cars/1/slug slug "car-2" is already used by car 2 in the database',
    ]);
    expect((await new StockRepository(db).counts()).cars).toBe(2);
  });

  it('accepts a slug that the feed takes from a car it renames earlier in the same feed', async () => {
    await importFeed(
      db,
      { dealerships: [dealership], locations: [location], cars: [car(1), car(2)] },
      { file: 'a.json' },
    );
    const result = await importFeed(
      db,
      { cars: [car(2, { slug: 'car-2-old' }), car(3, { slug: 'car-2' })] },
      { file: 'b.json' },
    );
    expect(result).toMatchObject({ ok: true, cars: 2 });
    const clash = await importFeed(
      db,
      { cars: [car(4, { slug: 'car-1' }), car(1, { slug: 'car-1-old' })] },
      { file: 'c.json' },
    );
    expect(!clash.ok && clash.issues[0]?.message).toBe(
      'slug "car-1" is already used by car 1 in the database (the feed gives car 1 another slug further down: put that record first)',
    );
  });

  // Stands in for a disk that fills up, or another process holding the lock past the busy deadline.
  async function failInsertsOfCar(id: number): Promise<void> {
    if (testDatabaseKind() === 'postgres') {
      await sql`CREATE FUNCTION fail_mid_import() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.id = ${sql.lit(id)} THEN RAISE EXCEPTION 'disk I/O error'; END IF; RETURN NEW; END $$`.execute(
        db,
      );
      await sql`CREATE TRIGGER fail_mid_import BEFORE INSERT ON cars FOR EACH ROW EXECUTE FUNCTION fail_mid_import()`.execute(
        db,
      );
    } else {
      await sql`CREATE TRIGGER fail_mid_import BEFORE INSERT ON cars WHEN NEW.id = ${sql.lit(id)} BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`.execute(
        db,
      );
    }
  }
  const dropFailure = () =>
    sql`DROP TRIGGER fail_mid_import${sql.raw(testDatabaseKind() === 'postgres' ? ' ON cars' : '')}`.execute(db);

  it('when writing stops half-way, says so and records no finished import; the same feed again completes it', async () => {
    await importFeed(db, { dealerships: [dealership], locations: [location], cars: [car(5000)] }, { file: 'a.json' });
    const cars = Array.from({ length: 1200 }, (_, i) => car(i + 1));
    await failInsertsOfCar(700);
    const stopped = await importFeed(db, { cars }, { file: 'b.json', replace: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const repo = new StockRepository(db);
    if (testDatabaseKind() === 'postgres') {
      // One transaction (issue 17): nothing of the feed was written.
      expect((stopped as Error).message).toBe(
        'b.json: the import stopped (disk I/O error) and nothing of it was written: on PostgreSQL an import is one transaction. Fix the cause and import the feed again.',
      );
      expect((await repo.indexSource()).cars.map((c) => c.id)).toEqual([5000]);
    } else {
      // Chunked transactions (issue 14): what was committed stays, nothing is withdrawn.
      expect((stopped as Error).message).toMatch(
        /^b\.json: the import stopped after writing \d+ of 1200 records \(disk I\/O error\)\. Those records stay written; no car was withdrawn, and the import is not recorded as finished\. Import the same feed again to complete it\.$/,
      );
      expect((await repo.indexSource()).cars.map((c) => c.id)).toContain(5000);
    }
    expect(await db.selectFrom('imports').select('file').execute()).toEqual([{ file: 'a.json' }]);

    await dropFailure();
    expect(await importFeed(db, { cars }, { file: 'b.json', replace: true })).toMatchObject({
      ok: true,
      cars: 1200,
      withdrawn: 1,
    });
    expect((await repo.indexSource()).cars).toHaveLength(1200);
    expect((await db.selectFrom('imports').select('file').execute()).map((r) => r.file)).toEqual(['a.json', 'b.json']);
  });

  it('reports progress on large feeds', async () => {
    const seen: number[] = [];
    const cars = Array.from({ length: 1200 }, (_, i) => car(i + 1));
    await importFeed(
      db,
      { dealerships: [dealership], locations: [location], cars },
      { file: 'big.json', onProgress: (done) => seen.push(done) },
    );
    expect(seen.at(-1)).toBe(1202);
    expect(seen.length).toBeGreaterThan(2);
  });
});

describe('importFeed: real feeds and the import report (issue 18)', () => {
  const specFeed = () =>
    JSON.parse(readFileSync(new URL('./fixtures/spec-feed.json', import.meta.url), 'utf8')) as Record<string, unknown>;

  it('imports the feed written from catalogue §3 and conversion §3, and reports what it read liberally', async () => {
    const result = await importFeed(db, specFeed(), { file: 'spec-feed.json' });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.report).toMatchObject({
      imported: true,
      records: {
        dealerships: { inFeed: 1, created: 1 },
        locations: { inFeed: 2, created: 2 },
        cars: { inFeed: 2, created: 2, updated: 0, unchanged: 0 },
        models: { inFeed: 1, created: 1 },
      },
      unknownFields: [],
      problemCount: 0,
    });
    expect(result.report.warnings.map((w) => w.kind).sort()).toEqual([
      'date-from-date-time',
      'nested-location',
      'null-as-absent',
      'time-zone-derived',
    ]);
    expect(result.report.storedNotShown.find((s) => s.field === '/cars/*/carsales_title')).toMatchObject({
      count: 1,
      why: 'the site builds its own title',
    });
    const [stored] = await new StockRepository(db).carsByIds([91000001]);
    expect(stored).toMatchObject({ location_id: 9102, rego_expiry: '2027-06-12', vin: 'JTMW1RFV40D091001' });
    const row = await db
      .selectFrom('locations')
      .select(['data', 'state'])
      .where('id', '=', 9102)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ time_zone: 'Australia/Sydney', address: { city: 'Penrith' } });
  });

  it('counts created, updated, unchanged and withdrawn records', async () => {
    await importFeed(
      db,
      { dealerships: [dealership], locations: [location], cars: [car(1), car(2), car(3)] },
      { file: 'a' },
    );
    const again = await importFeed(
      db,
      { dealerships: [dealership], locations: [location], cars: [car(1), car(2, { price: 1 }), car(4)] },
      { file: 'b', replace: true },
    );
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    expect(again.report.records.cars).toEqual({ inFeed: 3, created: 1, updated: 1, unchanged: 1 });
    expect(again.report.records.locations).toEqual({ inFeed: 1, created: 0, updated: 0, unchanged: 1 });
    expect(again.report.withdrawn).toBe(1);
    // A withdrawn car back in the feed with the same values is an update: it is listed again.
    const back = await importFeed(db, { cars: [car(3)] }, { file: 'c' });
    expect(back.ok && back.report.records.cars).toEqual({ inFeed: 1, created: 0, updated: 1, unchanged: 0 });
  });

  it('keeps unknown fields with the record and reports them, not fatal', async () => {
    const result = await importFeed(
      db,
      { dealerships: [{ ...dealership, crm_id: 'X1' }], locations: [location], cars: [car(1, { stock_age_days: 12 })] },
      { file: 'u' },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.report.unknownFields).toEqual([
      { field: '/cars/*/stock_age_days', count: 1, first: '/cars/0/stock_age_days' },
      { field: '/dealerships/*/crm_id', count: 1, first: '/dealerships/0/crm_id' },
    ]);
    const row = await db.selectFrom('cars').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ unmapped: { '/stock_age_days': 12 } });
  });

  it('still refuses what is truly wrong, with the pointer, and reports that nothing was imported', async () => {
    const result = await importFeed(
      db,
      {
        dealerships: [dealership],
        locations: [location],
        cars: [car(1, { price: '38,990' }), car(2, { location_id: 11, location: { id: 10 } })],
      },
      { file: 'bad.json' },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.pointer)).toEqual(['/cars/1/location/id', '/cars/0/price']);
    expect(result.report).toMatchObject({ imported: false, problemCount: 2 });
    expect((await new StockRepository(db).counts()).cars).toBe(0);
  });

  it("a dealership's own feed holds only its records, and replace withdraws only its cars", async () => {
    const other = { id: 2, slug: 'other-motors', name: 'Other Motors' };
    await importFeed(
      db,
      {
        dealerships: [dealership, other],
        locations: [location],
        cars: [car(1), car(2), feedCar(3, { dealership_id: 2 })],
      },
      { file: 'all' },
    );
    const foreign = await importFeed(
      db,
      { cars: [car(1), feedCar(3, { dealership_id: 2 })] },
      { file: 'pull', dealershipId: 1 },
    );
    expect(foreign.ok).toBe(false);
    expect(!foreign.ok && foreign.issues).toEqual([
      {
        file: 'pull',
        pointer: '/cars/1/dealership_id',
        message: "this feed is dealership 1's own: expected 1, found 2",
      },
      {
        file: 'pull',
        pointer: '/cars/1/id',
        message: "car 3 belongs to dealership 2: a dealership's own feed cannot take it over",
      },
    ]);
    const own = await importFeed(db, { cars: [car(1)] }, { file: 'pull', dealershipId: 1, replace: true });
    expect(own.ok && own.withdrawn).toBe(1);
    const listed = await db.selectFrom('cars').select('id').where('withdrawn_at', 'is', null).orderBy('id').execute();
    expect(listed.map((r) => r.id)).toEqual([1, 3]);
  });
});

describe("importFeed: a dealership's own feed cannot harm other dealerships or empty a site (issue 18 review)", () => {
  const other = { id: 2, slug: 'other-motors', name: 'Other Motors' };
  const otherLocation = { ...location, id: 20, slug: 'other-sales', dealership_id: 2 };

  it("refuses to take over another dealership's car or location by its id, and the model catalogue", async () => {
    await importFeed(
      db,
      {
        dealerships: [dealership, other],
        locations: [location, otherLocation],
        cars: [car(1), feedCar(3, { dealership_id: 2 })],
      },
      { file: 'all' },
    );
    const takeover = await importFeed(
      db,
      {
        locations: [{ ...otherLocation, dealership_id: 1 }],
        cars: [car(1), feedCar(3, { dealership_id: 1, slug: 'mine-now' })],
        manufacturers: [{ id: 1, name: 'Kestrel', slug: 'kestrel' }],
      },
      { file: 'pull', dealershipId: 1 },
    );
    expect(takeover.ok).toBe(false);
    expect(!takeover.ok && takeover.issues.map((i) => `${i.pointer}: ${i.message}`)).toEqual([
      "/manufacturers: a dealership's own feed cannot change the shared model catalogue: import manufacturers with npm run import -- <file>",
      "/locations/0/id: location 20 belongs to dealership 2: a dealership's own feed cannot take it over",
      "/cars/1/id: car 3 belongs to dealership 2: a dealership's own feed cannot take it over",
    ]);
    const [stolen] = await new StockRepository(db).carsByIds([3]);
    expect(stolen).toMatchObject({ dealership_id: 2 });
  });

  it('refuses a feed that would empty the site or withdraw more than half of its cars, and keeps the stock', async () => {
    const cars = Array.from({ length: 12 }, (_, i) => car(i + 1));
    await importFeed(db, { dealerships: [dealership], locations: [location], cars }, { file: 'all' });
    const empty = await importFeed(db, { cars: [] }, { file: 'pull', dealershipId: 1, replace: true });
    expect(!empty.ok && empty.issues[0]?.message).toMatch(
      /^this feed would withdraw 12 of dealership 1's 12 listed cars \(it has no cars\); a dealership's own feed may withdraw at most half/,
    );
    const half = await importFeed(db, { cars: cars.slice(0, 5) }, { file: 'pull', dealershipId: 1, replace: true });
    expect(!half.ok && half.issues[0]?.pointer).toBe('/cars');
    const some = await importFeed(db, { cars: cars.slice(0, 6) }, { file: 'pull', dealershipId: 1, replace: true });
    expect(some.ok && some.withdrawn).toBe(6);
    // By hand (no dealership), the operator may withdraw all of it.
    const byHand = await importFeed(db, { dealerships: [dealership], cars: [car(1)] }, { file: 'file', replace: true });
    expect(byHand.ok && byHand.withdrawn).toBe(5);
  });
});

describe('importFeed: the same records sent differently count as unchanged (issue 18 review)', () => {
  it('ignores the order of fields', async () => {
    const record = car(1, { badge: 'GX', colour: 'White' });
    await importFeed(db, { dealerships: [dealership], locations: [location], cars: [record] }, { file: 'a' });
    const reordered = Object.fromEntries(Object.entries(record).reverse());
    const again = await importFeed(db, { cars: [reordered] }, { file: 'b' });
    expect(again.ok && again.report.records.cars).toEqual({ inFeed: 1, created: 0, updated: 0, unchanged: 1 });
  });

  it('keeps a key such as __proto__ as data, never as an object’s prototype', async () => {
    const input = JSON.parse(
      '{"__proto__": {"cars": []}, "dealerships": [{"id": 1, "slug": "test-motors", "name": "Test Motors"}], "locations": [' +
        JSON.stringify(location) +
        '], "cars": [' +
        JSON.stringify(car(1, { finance_lenders: { B: { interestRate: 7 } } })).replace('"B"', '"__proto__"') +
        ']}',
    ) as unknown;
    const result = await importFeed(db, input, { file: 'proto' });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.report.unknownFields).toEqual([{ field: '/__proto__', count: 1, first: '/__proto__' }]);
    const row = await db.selectFrom('cars').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(Object.keys((JSON.parse(row.data) as { finance_lenders: object }).finance_lenders)).toEqual(['__proto__']);
  });
});

describe('importFeed: the model catalogue (issue 9)', () => {
  const mazda = { id: 1, name: 'Mazda', slug: 'mazda' };
  const cx5 = (extra: Record<string, unknown> = {}) => ({
    id: 7,
    manufacturer_id: 1,
    slug: 'mazda-cx-5',
    name: 'CX-5',
    body: 'suv',
    model_variants: [
      {
        id: 70,
        full_name: 'CX-5 G25 Touring',
        features: ['<strong>AWD</strong>'],
        dap_min_price: 46490,
        dap_max_price: 48990,
      },
    ],
    colours: [
      {
        id: 700,
        name: 'Soul Red Crystal',
        hexCode: '#9d1420',
        photo_url: '/media/vehicles/suv/hex-9d1420/side.png',
        oem_id: 'wagon',
        model_variant_name: 'CX-5 G25 Touring',
      },
    ],
    ...extra,
  });

  it('imports manufacturers and models with their variants and colours through the same importer', async () => {
    const result = await importFeed(db, { manufacturers: [mazda], models: [cx5()] }, { file: 'models.json' });
    expect(result).toMatchObject({ ok: true, manufacturers: 1, models: 1, cars: 0 });
    const row = await db.selectFrom('models').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ slug: 'mazda-cx-5', manufacturer_id: 1, status: 'available', body: 'suv' });
    expect(JSON.parse(row.data).colours[0].model_variant_name).toBe('CX-5 G25 Touring');
  });

  it('names a colour of an unknown variant, an unknown manufacturer and a price range the wrong way round, and imports nothing', async () => {
    const bad = cx5({
      manufacturer_id: 9,
      model_variants: [{ id: 70, full_name: 'CX-5 G25 Touring', dap_min_price: 50000, dap_max_price: 40000 }],
      colours: [{ id: 700, name: 'Red', hexCode: '#9d1420', photo_url: '/x.png', model_variant_name: 'CX-5 Akera' }],
    });
    const result = await importFeed(db, { manufacturers: [mazda], models: [bad] }, { file: 'models.json' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.pointer).sort()).toEqual([
      '/models/0/colours/0/model_variant_name',
      '/models/0/manufacturer_id',
      '/models/0/model_variants/0/dap_max_price',
    ]);
    expect(await db.selectFrom('manufacturers').selectAll().execute()).toEqual([]);
  });

  it('refuses a colour without a hex code through the schema, with its pointer', async () => {
    const result = await importFeed(
      db,
      {
        manufacturers: [mazda],
        models: [
          cx5({
            colours: [
              { id: 1, name: 'Red', hexCode: 'red', photo_url: '/x.png', model_variant_name: 'CX-5 G25 Touring' },
            ],
          }),
        ],
      },
      { file: 'models.json' },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.pointer).toBe('/models/0/colours/0/hexCode');
  });
});

// SQLite's lock is what this is about: PostgreSQL has its own test below.
describe.runIf(testDatabaseKind() === 'sqlite')('importFeed: a large feed while the server writes (issue 14)', () => {
  /** The demo feed's cars, copied under new ids and slugs up to `count`. */
  function largeFeed(count: number) {
    const demo = generateDemoFeed({ now: new Date('2026-01-01T00:00:00Z') });
    const cars = Array.from({ length: count }, (_, i) => {
      const source = demo.cars[i % demo.cars.length]!;
      const copy = Math.floor(i / demo.cars.length);
      return { ...source, id: source.id + copy * 1_000_000, slug: `${source.slug}-${copy}` };
    });
    return { ...demo, cars };
  }

  // Another process posting leads, as the server does while `npm run import` runs. It asks for the
  // lock every millisecond, so its longest wait is the longest time the import held the lock.
  const SERVER = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2], { timeout: 0 });
const nap = new Int32Array(new SharedArrayBuffer(4));
const insert = db.prepare("INSERT INTO phone_reveals (car_id, dealership_id, website_id, created_at) VALUES (1, 1, 'other-process', '')");
let longest = 0, writes = 0, stop = false;
process.stdin.on('data', () => { stop = true; });
process.stdin.on('end', () => process.exit(1));
function post() {
  const started = performance.now();
  for (;;) {
    try { db.exec('BEGIN IMMEDIATE'); break; } catch (e) { if (!String(e.code).startsWith('SQLITE_BUSY')) throw e; Atomics.wait(nap, 0, 0, 1); }
  }
  insert.run();
  db.exec('COMMIT');
  writes++;
  longest = Math.max(longest, performance.now() - started);
  if (stop) { process.stdout.write(JSON.stringify({ longest, writes }) + '\\n'); process.exit(0); }
  setTimeout(post, 5);
}
process.stdout.write('ready\\n');
post();
`;

  it('writes 20,000 cars in short transactions: leads posted meanwhile, from this process or another, get in within a fraction of the import, and the event loop never stalls for long', async () => {
    const feed = largeFeed(20_000);
    getValidators(); // compiled once per process (the server has done it at its first tenant load), not per import
    const url = await freshDatabaseUrl();
    const file = url.slice('file:'.length);
    const db = openDatabase(url);
    await migrateToLatest(db);

    const server = spawn(
      process.execPath,
      ['-e', SERVER, createRequire(import.meta.url).resolve('better-sqlite3'), file],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let serverOutput = '';
    server.stdout.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    const serverDone = new Promise<{ longest: number; writes: number }>((resolve, reject) =>
      server.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(serverOutput.split('\n').at(-2) ?? '{}') as { longest: number; writes: number })
          : reject(new Error(`the other process exited ${code}`)),
      ),
    );
    while (!serverOutput.includes('ready')) await sleep(10);

    let last = performance.now();
    let longestStall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    let importing = true;
    let leads = 0;
    let longestLead = 0;
    const posting = (async () => {
      while (importing) {
        const started = performance.now();
        await recordPhoneReveal(db, { carId: 1, dealershipId: 1, websiteId: 'this-process' }, new Date());
        longestLead = Math.max(longestLead, performance.now() - started);
        leads++;
        await sleep(20);
      }
    })();

    const result = await importFeed(db, feed, { file: 'large.json' });
    importing = false;
    await posting;
    clearInterval(ticker);
    longestStall = Math.max(longestStall, performance.now() - last);
    server.stdin.write('stop\n');
    const other = await serverDone;

    expect(result).toMatchObject({ ok: true, cars: 20_000 });
    // One transaction for the whole feed stalled the loop 2.7 s and kept writers waiting 0.5-1.7 s;
    // chunked, each waits ~40 ms here. These bounds catch a return to long transactions and leave
    // room for a machine busy with other tests (a 300 ms bound failed once at 359 ms under a build).
    expect(longestStall).toBeLessThan(1_500);
    expect(longestLead).toBeLessThan(1_000);
    expect(other.longest).toBeLessThan(1_500);
    expect(leads).toBeGreaterThan(20); // the leads really were posted while the import ran
    expect((await new StockRepository(db).counts()).cars).toBe(20_000);
    const reveals = await db.selectFrom('phone_reveals').select('website_id').execute();
    expect(reveals.length).toBe(leads + other.writes);
    await db.destroy();
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('importFeed on PostgreSQL: one transaction (issue 17)', () => {
  it('writes 20,000 cars in one transaction: other connections see the old stock until it commits, and their writes are not held up', async () => {
    const demo = generateDemoFeed({ now: new Date('2026-01-01T00:00:00Z') });
    const cars = Array.from({ length: 20_000 }, (_, i) => {
      const source = demo.cars[i % demo.cars.length]!;
      const copy = Math.floor(i / demo.cars.length);
      return { ...source, id: source.id + copy * 1_000_000, slug: `${source.slug}-${copy}` };
    });
    const url = await freshDatabaseUrl();
    const importer = openDatabase(url);
    const other = openDatabase(url);
    await migrateToLatest(importer);
    try {
      const counts: number[] = [];
      let importing = true;
      let reveals = 0;
      const watching = (async () => {
        while (importing) {
          counts.push((await new StockRepository(other).counts()).cars);
          await recordPhoneReveal(other, { carId: 1, dealershipId: 1, websiteId: 'other-process' }, new Date());
          reveals++;
          await sleep(5);
        }
      })();
      const result = await importFeed(importer, { ...demo, cars }, { file: 'large.json' });
      importing = false;
      await watching;
      expect(result).toMatchObject({ ok: true, cars: 20_000 });
      // Another connection's writes went in while the import's transaction was open...
      expect(reveals).toBeGreaterThan(3);
      // ...and it never saw part of the feed: no cars before the commit, all of them after.
      expect(counts.every((n) => n === 0 || n === 20_000)).toBe(true);
      expect(counts[0]).toBe(0);
      expect((await new StockRepository(other).counts()).cars).toBe(20_000);
    } finally {
      await importer.destroy();
      await other.destroy();
    }
  });
});
