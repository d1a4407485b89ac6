// Security review: "Car ids beyond PostgreSQL's 32-bit integer give a 5xx there: server/page-data/form-block.ts
// (/contact?car_id=3000000000)". PostgreSQL refuses such an id in an integer comparison; the fake stock below
// does the same, so these tests fail if an out-of-range id ever reaches a query again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { MAX_ROW_ID } from '../../domain/ids';

const asked: number[][] = [];
const stock = {
  carsByIds: async (ids: number[]) => {
    asked.push(ids);
    if (ids.some((id) => id > MAX_ROW_ID)) throw new Error('value "3000000000" is out of range for type integer');
    return [];
  },
  carBySlug: async () => undefined,
  dealerships: async () => [],
  locations: async () => [],
};
vi.mock(import('../../services/stock'), async (importOriginal) => ({
  ...(await importOriginal()),
  getStockRepository: async () => stock as never,
}));

const { carByRef } = await import('./vehicle-context');
const { prepareForm } = await import('./form-block');

function demoTenant(slug: string): ResolvedTenant {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) throw new Error(`${slug} did not load`);
  return entry.config;
}
const tenant = demoTenant('southern-cross-motors');
beforeEach(() => void asked.splice(0));

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
