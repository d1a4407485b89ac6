// Security review: "Car ids beyond PostgreSQL's 32-bit integer give a 5xx there: server/page-data/form-block.ts
// (/contact?car_id=3000000000)". PostgreSQL refuses such an id in an integer comparison; the fake stock below
// does the same, so these tests fail if an out-of-range id ever reaches a query again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { MAX_ROW_ID } from '../../domain/ids';

const asked: number[][] = [];
/** The stock's cars (none at first) and which of them the site lists. */
const cars: Array<{ id: number; slug: string; dealership_id: number }> = [];
const listedIds = new Set<number>();
const stock = {
  carsByIds: async (ids: number[]) => {
    asked.push(ids);
    if (ids.some((id) => id > MAX_ROW_ID)) throw new Error('value "3000000000" is out of range for type integer');
    return cars.filter((c) => ids.includes(c.id));
  },
  carBySlug: async (slug: string, dealerships: number[]) =>
    cars.find((c) => c.slug === slug && dealerships.includes(c.dealership_id)),
  dealerships: async () => [],
  locations: async () => [],
};
vi.mock(import('../../services/stock'), async (importOriginal) => ({
  ...(await importOriginal()),
  getStockRepository: async () => stock as never,
}));
vi.mock(import('../../services/stock/listed-cars'), async (importOriginal) => ({
  ...(await importOriginal()),
  listedCarIds: async (_tenant, ids) => new Set(ids.filter((id) => listedIds.has(id))),
}));

const { carByRef, listedCarByRef } = await import('./vehicle-context');
const { prepareForm } = await import('./form-block');

function demoTenant(slug: string): ResolvedTenant {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) throw new Error(`${slug} did not load`);
  return entry.config;
}
const tenant = demoTenant('southern-cross-motors');
beforeEach(() => {
  asked.splice(0);
  cars.splice(0);
  listedIds.clear();
});

describe("?car_id= past a database id is 'not found', never a database error (security review)", () => {
  it('carByRef: no car, and no query', async () => {
    await expect(carByRef(tenant, '3000000000')).resolves.toBeUndefined();
    await expect(carByRef(tenant, '12')).resolves.toBeUndefined();
    expect(asked).toEqual([[12]]);
  });

  it('the form block on /contact?car_id=3000000000 is the form for no car', async () => {
    const prepared = await prepareForm(tenant, 'general-enquiry', { carRef: '3000000000' });
    expect(prepared).toBeDefined();
    expect(prepared?.car).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

// The instant offer's page (conversion §4.2 entry points link /instant-price?car_id={id}) loads its
// car the way /contact?car_id= does, and only when the site lists it.
describe('listedCarByRef: the car of /instant-price?car_id=', () => {
  const NOW = new Date('2026-11-27T00:00:00Z');
  const ours = tenant.dealerships[0]!;

  it('finds a car this site lists, by id or by slug', async () => {
    cars.push({ id: 501, slug: '2021-toyota-rav4-gx', dealership_id: ours });
    listedIds.add(501);
    expect((await listedCarByRef(tenant, '501', NOW))?.slug).toBe('2021-toyota-rav4-gx');
    expect((await listedCarByRef(tenant, '2021-toyota-rav4-gx', NOW))?.id).toBe(501);
  });

  it('ignores a car the site does not list, another dealer’s car, an unknown or bad id, without asking the database for what cannot be an id', async () => {
    cars.push(
      { id: 502, slug: 'unlisted', dealership_id: ours },
      { id: 503, slug: 'elsewhere', dealership_id: 999_999 },
    );
    listedIds.add(503);
    for (const ref of ['502', '503', '504', 'elsewhere', 'no-such-car', '3000000000', '', null, undefined])
      await expect(listedCarByRef(tenant, ref, NOW), String(ref)).resolves.toBeUndefined();
    expect(asked.flat()).not.toContain(3_000_000_000);
  });
});
