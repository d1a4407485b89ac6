import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PageVehicle } from '../../server/page-data/vehicle-context';
import type { BlockContext } from '../types';

// The page's car and locations come from the database through pageVehicle; here, where the car is.
const place = (id: number, city: string) =>
  ({ id, name: `${city} yard`, slug: city.toLowerCase(), address: { street: '1 Main Rd', city } }) as NonNullable<
    PageVehicle['location']
  >;
const vehicle = vi.hoisted(() => ({ current: undefined as PageVehicle | undefined }));
vi.mock('../../server/page-data/vehicle-context', () => ({
  pageVehicle: async () => {
    if (!vehicle.current) throw new Error('no car');
    return vehicle.current;
  },
}));

const { VehicleBreadcrumbs } = await import('./VehicleBreadcrumbs');

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('the demo tenant harbour-city-mazda is needed');
const site = entry.config as ResolvedTenant;

async function render(tenant: ResolvedTenant, carCity: string, primaryCity: string): Promise<string> {
  vehicle.current = {
    car: { id: 1, slug: 'car', car_type: 'used', make: 'Mazda', model: 'CX-5', year: 2021 } as PageVehicle['car'],
    location: place(2, carCity),
    primaryLocation: place(1, primaryCity),
  };
  const ctx = {
    tenant,
    path: '/cars/car',
    params: { slug: 'car' },
    now: new Date('2026-11-22T02:00:00Z'),
    searchParams: async () => new URLSearchParams(),
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(<>{await VehicleBreadcrumbs({ props: {}, ctx })}</>);
}

describe('VehicleBreadcrumbs: the Located at announcement and the site’s override city', () => {
  // spec: catalogue §2 announcement bar; conversion §3 Site configuration override_city.
  it('announces a car away from the primary dealership city when the site sets no override city', async () => {
    expect(await render(site, 'Penrith', 'Parramatta')).toContain('Located at Penrith');
    expect(await render(site, 'Parramatta', 'Parramatta')).not.toContain('Located at');
  });

  it('compares with the override city instead of the primary dealership city', async () => {
    const overridden = { ...site, overrideCity: 'Penrith' };
    expect(await render(overridden, 'Penrith', 'Parramatta')).not.toContain('Located at');
    const html = await render(overridden, 'Parramatta', 'Parramatta');
    expect(html).toContain('Located at Parramatta');
    expect(html).toContain('Get Directions');
  });
});
