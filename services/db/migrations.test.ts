import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, type Migration } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type PlatformDb } from './database';
import { freshDatabaseUrl, openTestDatabase } from './test-database';

// Issue 17: the platform's migrations build the same database on SQLite and on PostgreSQL, from
// nothing and from every version an installation may be at, and keep the rows already there.

/**
 * Every migration file, by the name database.ts registers it under (the file name without .ts).
 * Read from the directory rather than from database.ts, so that a file someone forgot to register
 * there fails a test below instead of going unnoticed.
 */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR)
  .filter((file) => /^\d{3}-[a-z0-9-]+\.ts$/.test(file))
  .sort();
const MIGRATIONS: Record<string, Migration> = Object.fromEntries(
  await Promise.all(
    MIGRATION_FILES.map(async (file) => [
      file.replace(/\.ts$/, ''),
      (await import(join(MIGRATIONS_DIR, file))) as Migration,
    ]),
  ),
);
const NAMES = Object.keys(MIGRATIONS);

let opened: PlatformDb[] = [];
/** A new database with no tables at all, closed after the test. */
async function emptyDatabase(): Promise<PlatformDb> {
  const db = openDatabase(await freshDatabaseUrl());
  opened.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  opened = [];
});

/** The tables there are, each with its columns. */
async function tablesOf(db: PlatformDb): Promise<Map<string, Set<string>>> {
  const tables = await db.introspection.getTables();
  return new Map(tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
}

/** What database.ts registers: the migrations migrateToLatest runs on an empty database, in order. */
async function registeredMigrations(): Promise<string[]> {
  return migrateToLatest(await emptyDatabase());
}

describe('migrations from an empty database', () => {
  it('run every migration, in order, and a second run has nothing to do', async () => {
    const db = await emptyDatabase();
    const ran = await migrateToLatest(db);
    expect(ran.length).toBeGreaterThan(10);
    expect(ran).toEqual([...ran].sort());
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = [...(await tablesOf(db)).keys()];
    for (const table of ['dealerships', 'cars', 'leads', 'lead_deliveries', 'reservations', 'tenant_versions'])
      expect(tables).toContain(table);
  });

  it('include every file in services/db/migrations/ (each must be registered in database.ts)', async () => {
    const registered = await registeredMigrations();
    const unregistered = NAMES.filter((name) => !registered.includes(name));
    expect(unregistered, `migration files missing from database.ts's MIGRATIONS: ${unregistered.join(', ')}`).toEqual(
      [],
    );
    expect(registered).toEqual(NAMES);
  });
});

const HELD_AT = '2026-11-20T08:30:00.000Z';
/** Migration 020 adds who a booking or hold is for: nobody, for the rows from before it. */
const NO_SHOPPER_KEYS = { email_key: null, phone_key: null, device_key: null };
/** Migration 009 gives holds already held the default 48 hours. */
const HELD_AT_PLUS_48_HOURS = '2026-11-22T08:30:00.000Z';
const CAR_DATA = JSON.stringify({
  id: 100,
  make: 'Mazda',
  model: 'CX-5',
  note: 'Ōtautahi "demo"',
  tags: ['a', 1.5, null],
});

/**
 * Representative rows in the tables there are (inserting only the columns each table was created
 * with), and a check per group of rows that they read back the same after the later migrations.
 */
async function seed(
  db: PlatformDb,
  tables: Map<string, Set<string>>,
): Promise<{ table: string; check: () => Promise<void> }[]> {
  const seeded: { table: string; check: () => Promise<void> }[] = [];
  const has = (...names: string[]) => names.every((name) => tables.has(name));

  const dealership = {
    id: 1,
    slug: 'harbour',
    name: 'Harbour Motors',
    make: 'Mazda',
    data: '{"id":1}',
    updated_at: HELD_AT,
  };
  const car = {
    id: 100,
    slug: 'mazda-cx-5-100',
    dealership_id: 1,
    location_id: null,
    car_type: 'used',
    status: 'in_stock',
    make: 'Mazda',
    model: 'CX-5',
    year: 2022,
    price: 45990.95,
    km: 12_000,
    simple_body: 'SUV',
    created_at: HELD_AT,
    sold_at: null,
    show_on_dealer_website: 1,
    withdrawn_at: null,
    data: CAR_DATA,
    updated_at: HELD_AT,
  };
  if (has('dealerships', 'cars')) {
    await db.insertInto('dealerships').values(dealership).execute();
    await db.insertInto('cars').values(car).execute();
    seeded.push({
      table: 'cars',
      check: async () => {
        expect(await db.selectFrom('dealerships').selectAll().execute()).toEqual([dealership]);
        expect(await db.selectFrom('cars').selectAll().execute()).toEqual([car]);
      },
    });
  }

  let leadId: number | undefined;
  if (has('leads', 'lead_deliveries')) {
    const lead = {
      tenant: 'harbour-city-mazda',
      form: 'general-enquiry',
      event_id: 15,
      category: 'General Enquiry',
      subcategory: null,
      fields: '{"name":"Aroha","email":"aroha@example.com"}',
      additional_services: '[]',
      extras: '{}',
      car_id: 100,
      car_dealership_id: 1,
      dealership_slug: 'harbour',
      location_id: null,
      url: 'https://harbour.example/cars/mazda-cx-5-100',
      source: 'website',
      user_agent: null,
      lead_attributes: '{"visited_pages":[],"linked_query_params":{}}',
      ip_hash: 'abc',
      idempotency_key: 'seeded-lead',
      step: 0,
      form_completed: 1,
      offer_accepted: null,
      spam: 0,
      created_at: HELD_AT,
      updated_at: HELD_AT,
    };
    const { id } = await db.insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
    leadId = id;
    const delivery = {
      lead_id: id,
      destination: '{"type":"email","to":"sales@harbour.example"}',
      kind: 'email',
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: HELD_AT,
      locked_until: null,
      last_error: null,
      delivered_at: null,
      created_at: HELD_AT,
    };
    const stored = await db.insertInto('lead_deliveries').values(delivery).returning('id').executeTakeFirstOrThrow();
    seeded.push({
      table: 'leads',
      check: async () => {
        expect(await db.selectFrom('leads').selectAll().execute()).toEqual([{ id, ...lead }]);
        // Migration 015 adds dead_at: empty for a delivery that never died.
        expect(await db.selectFrom('lead_deliveries').selectAll().execute()).toEqual([
          { id: stored.id, ...delivery, dead_at: null },
        ]);
        // Ids carry on after the migrations: a new lead never takes the seeded one's.
        const next = await db
          .insertInto('leads')
          .values({ ...lead, idempotency_key: 'after-migrations' })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(next.id).toBeGreaterThan(id);
      },
    });
  }

  if (has('cars', 'leads', 'reservations', 'payment_intents', 'reservation_events') && leadId !== undefined) {
    // Before migration 009 there is no expires_at: 009 sets it for holds already held.
    const expiresAt = tables.get('reservations')?.has('expires_at') ? null : HELD_AT_PLUS_48_HOURS;
    const reservation = {
      tenant: 'harbour-city-mazda',
      car_id: 100,
      lead_id: leadId,
      status: 'held' as const,
      deposit: 199.99,
      payment_intent_id: 'pi_seeded',
      held_at: HELD_AT,
      released_at: null,
      released_by: null,
      note: null,
    };
    const { id } = await db.insertInto('reservations').values(reservation).returning('id').executeTakeFirstOrThrow();
    const intent = {
      id: 'pi_seeded',
      tenant: 'harbour-city-mazda',
      reservation_id: id,
      amount_cents: 19_999,
      currency: 'AUD',
      status: 'unpaid' as const,
      provider: 'embedded',
      provider_ref: null,
      created_at: HELD_AT,
      updated_at: HELD_AT,
    };
    await db.insertInto('payment_intents').values(intent).execute();
    const event = { reservation_id: id, kind: 'held' as const, by: null, at: HELD_AT };
    const logged = await db.insertInto('reservation_events').values(event).returning('id').executeTakeFirstOrThrow();
    seeded.push({
      table: 'reservations',
      check: async () => {
        // A hold from before migration 009 gets the default 48 hours, on either database's date arithmetic.
        expect(await db.selectFrom('reservations').selectAll().execute()).toEqual([
          { id, ...reservation, expires_at: expiresAt, ...NO_SHOPPER_KEYS },
        ]);
        expect(await db.selectFrom('payment_intents').selectAll().execute()).toEqual([intent]);
        expect(await db.selectFrom('reservation_events').selectAll().execute()).toEqual([{ id: logged.id, ...event }]);
      },
    });
  }

  if (has('watchlist')) {
    const saved = {
      scope: 'site:harbour-city-mazda',
      tenant: 'harbour-city-mazda',
      user_id: 'user-1',
      car_id: 100,
      phone_number: '+61412345678',
      created_at: HELD_AT,
    };
    const { id } = await db.insertInto('watchlist').values(saved).returning('id').executeTakeFirstOrThrow();
    seeded.push({
      table: 'watchlist',
      check: async () => expect(await db.selectFrom('watchlist').selectAll().execute()).toEqual([{ id, ...saved }]),
    });
  }

  if (has('tenant_versions', 'tenant_sites', 'studio_audit')) {
    const version = {
      slug: 'harbour-city-mazda',
      document: '{\n  "slug": "harbour-city-mazda"\n}\n',
      author: 'import',
      message: 'Imported',
      created_at: HELD_AT,
      parent_id: null,
      state: 'published' as const,
    };
    const { id } = await db.insertInto('tenant_versions').values(version).returning('id').executeTakeFirstOrThrow();
    const site = {
      slug: 'harbour-city-mazda',
      published_version_id: id,
      draft_version_id: null,
      published_at: HELD_AT,
      published_by: 'import',
      change_seq: 1,
    };
    await db.insertInto('tenant_sites').values(site).execute();
    seeded.push({
      table: 'tenant_versions',
      check: async () => {
        expect(await db.selectFrom('tenant_versions').selectAll().execute()).toEqual([{ id, ...version }]);
        expect(await db.selectFrom('tenant_sites').selectAll().execute()).toEqual([site]);
      },
    });
  }

  if (has('studio_media')) {
    const picture = {
      sha256: 'ab'.repeat(32),
      slug: 'harbour-city-mazda',
      content_type: 'image/webp',
      width: 2,
      height: 1,
      bytes: Buffer.from([0, 1, 2, 254, 255]),
      created_by: 'ed@studio.example',
      created_at: HELD_AT,
    };
    const { id } = await db.insertInto('studio_media').values(picture).returning('id').executeTakeFirstOrThrow();
    seeded.push({
      table: 'studio_media',
      check: async () =>
        expect(await db.selectFrom('studio_media').selectAll().execute()).toEqual([{ id, ...picture }]),
    });
  }

  if (has('studio_preview_snapshots')) {
    const snapshot = { slug: 'harbour-city-mazda', document: '{"name":"Harbour City Mazda"}', saved_at: HELD_AT };
    await db.insertInto('studio_preview_snapshots').values(snapshot).execute();
    seeded.push({
      table: 'studio_preview_snapshots',
      check: async () =>
        expect(await db.selectFrom('studio_preview_snapshots').selectAll().execute()).toEqual([snapshot]),
    });
  }

  if (has('rate_limits', 'stock_changes')) {
    const limit = { key: 'lead-posts:abc', count: 3, reset_at: Date.parse(HELD_AT) };
    await db.insertInto('rate_limits').values(limit).execute();
    const change = { car_ids: '[100]', reason: 'reservation', at: HELD_AT };
    const { seq } = await db.insertInto('stock_changes').values(change).returning('seq').executeTakeFirstOrThrow();
    seeded.push({
      table: 'rate_limits',
      check: async () => {
        expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual([limit]);
        expect(await db.selectFrom('stock_changes').selectAll().execute()).toEqual([{ seq, ...change }]);
      },
    });
  }
  if (has('marketing_unsubscribes')) {
    const unsubscribed = { tenant: 'harbour-city-mazda', email_hash: 'cd'.repeat(32), unsubscribed_at: HELD_AT };
    await db.insertInto('marketing_unsubscribes').values(unsubscribed).execute();
    seeded.push({
      table: 'marketing_unsubscribes',
      check: async () =>
        expect(await db.selectFrom('marketing_unsubscribes').selectAll().execute()).toEqual([unsubscribed]),
    });
  }
  if (has('test_drive_bookings', 'leads')) {
    const lead = await db.selectFrom('leads').select('id').executeTakeFirstOrThrow();
    const booking = {
      location_id: 101,
      slot_start: '2026-12-01T22:00:00.000Z',
      tenant: 'harbour-city-mazda',
      lead_id: lead.id,
      booked_at: HELD_AT,
    };
    await db.insertInto('test_drive_bookings').values(booking).execute();
    seeded.push({
      table: 'test_drive_bookings',
      check: async () =>
        expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toEqual([
          { ...booking, ...NO_SHOPPER_KEYS },
        ]),
    });
  }
  return seeded;
}

describe('migrations from every earlier version', () => {
  it.each(NAMES.slice(0, -1).map((name) => [name]))(
    'a database at %s, with rows in it, migrates to the latest and keeps its rows',
    async (version) => {
      const db = await emptyDatabase();
      const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
      const { error } = await migrator.migrateTo(version);
      expect(error).toBeUndefined();
      const seeded = await seed(db, await tablesOf(db));
      // 001 already has dealerships, cars; 004 leads and their deliveries.
      expect(seeded.map((s) => s.table)).toContain('cars');
      if (NAMES.indexOf(version) >= NAMES.indexOf('004-leads')) expect(seeded.map((s) => s.table)).toContain('leads');

      const registered = await registeredMigrations();
      expect(await migrateToLatest(db)).toEqual(registered.slice(registered.indexOf(version) + 1));
      for (const { check } of seeded) await check();
    },
  );

  it('the latest version takes the same rows (the seeds above match the newest schema)', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    const seeded = await seed(db, await tablesOf(db));
    expect(seeded.map((s) => s.table)).toEqual([
      'cars',
      'leads',
      'reservations',
      'watchlist',
      'tenant_versions',
      'studio_media',
      'studio_preview_snapshots',
      'rate_limits',
      'marketing_unsubscribes',
      'test_drive_bookings',
    ]);
    for (const { check } of seeded) await check();
  });
});

describe('values read back exactly as written, on both databases', () => {
  it('ISO timestamps, JSON text, 0/1 flags, doubles, epoch milliseconds and counts', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    const soldAt = Date.parse('2026-11-22T10:11:12.345Z');
    const data = JSON.stringify({
      name: 'Ōtautahi "quoted" \\ back',
      emoji: '🚗',
      list: [1, 2.5, null, true],
      nested: { a: {} },
    });
    await db
      .insertInto('dealerships')
      .values({ id: 1, slug: 'one', name: 'One', make: null, data: '{}', updated_at: '2026-01-02T03:04:05.006Z' })
      .execute();
    const car = (id: number, extra: Partial<{ price: number; sold_at: number | null; show: number }> = {}) => ({
      id,
      slug: `car-${id}`,
      dealership_id: 1,
      location_id: null,
      car_type: 'used',
      status: 'in_stock',
      make: 'Mazda',
      model: 'CX-5',
      year: 2022,
      price: extra.price ?? 30_000,
      km: null,
      simple_body: null,
      created_at: '2026-11-22T00:00:00.000Z',
      sold_at: extra.sold_at ?? null,
      show_on_dealer_website: extra.show ?? 1,
      withdrawn_at: null,
      data,
      updated_at: '2026-11-22T00:00:00.000Z',
    });
    await db
      .insertInto('cars')
      .values([car(1, { price: 45990.95, sold_at: soldAt, show: 0 }), car(2, { price: 0.1 + 0.2 }), car(3)])
      .execute();

    const one = await db.selectFrom('cars').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(one).toEqual(car(1, { price: 45990.95, sold_at: soldAt, show: 0 }));
    // Numbers, not strings or booleans: the same JavaScript types on both databases.
    expect([typeof one.price, typeof one.sold_at, typeof one.show_on_dealer_website]).toEqual([
      'number',
      'number',
      'number',
    ]);
    expect(one.price).toBe(45990.95);
    expect(one.sold_at).toBe(soldAt);
    expect(JSON.parse(one.data)).toEqual(JSON.parse(data));
    expect((await db.selectFrom('cars').select('price').where('id', '=', 2).executeTakeFirstOrThrow()).price).toBe(
      0.1 + 0.2,
    );
    expect((await db.selectFrom('dealerships').select('updated_at').executeTakeFirstOrThrow()).updated_at).toBe(
      '2026-01-02T03:04:05.006Z',
    );

    // ISO text sorts and compares as time does.
    expect(
      (
        await db
          .selectFrom('cars')
          .select('id')
          .where('created_at', '<', '2026-11-22T00:00:00.001Z')
          .where('created_at', '>', '2026-11-21T23:59:59.999Z')
          .orderBy('id')
          .execute()
      ).map((row) => row.id),
    ).toEqual([1, 2, 3]);

    // Counts and sums are numbers (PostgreSQL's bigint and numeric arrive as strings from pg without database.ts's parsers).
    const totals = await db
      .selectFrom('cars')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('show_on_dealer_website').as('shown')])
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ n: 3, shown: 2 });

    // Epoch milliseconds past 2^32 (bigint on PostgreSQL).
    const far = Date.parse('2100-01-01T00:00:00.123Z');
    await db.insertInto('rate_limits').values({ key: 'k', count: 1, reset_at: far }).execute();
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual([{ key: 'k', count: 1, reset_at: far }]);
    expect(far).toBeGreaterThan(2 ** 32);
  });

  it('numbers its own ids 1, 2, 3 and never gives a deleted id again', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    const reveal = () =>
      db
        .insertInto('phone_reveals')
        .values({
          car_id: 7,
          dealership_id: 1,
          website_id: 'site',
          user_agent: null,
          created_at: '2026-11-22T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    expect([(await reveal()).id, (await reveal()).id, (await reveal()).id]).toEqual([1, 2, 3]);
    await db.deleteFrom('phone_reveals').where('id', '=', 3).execute();
    expect((await reveal()).id).toBe(4);
    await db.deleteFrom('phone_reveals').execute();
    expect((await reveal()).id).toBe(5);
  });

  it('keeps flags as 0 and 1 (integers on both databases, not booleans)', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    await db
      .insertInto('dealerships')
      .values({ id: 1, slug: 'one', name: 'One', make: null, data: '{}', updated_at: '2026-01-02T03:04:05.006Z' })
      .execute();
    const location = (id: number, visible: number) => ({
      id,
      dealership_id: 1,
      slug: `l-${id}`,
      name: `L ${id}`,
      location_type: '',
      state: null,
      visible,
      data: '{}',
      updated_at: '2026-01-02T03:04:05.006Z',
    });
    await db
      .insertInto('locations')
      .values([location(1, 0), location(2, 1)])
      .execute();
    const rows = await db.selectFrom('locations').select(['id', 'visible']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, visible: 0 },
      { id: 2, visible: 1 },
    ]);
    expect((await db.selectFrom('locations').select('id').where('visible', '=', 1).execute()).map((r) => r.id)).toEqual(
      [2],
    );
  });
});
