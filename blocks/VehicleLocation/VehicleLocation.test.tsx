import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PageVehicle } from '../../server/page-data/vehicle-context';
import type { BlockContext } from '../types';

// The page's car, location and dealership come from the database through pageVehicle; here, only what the block makes of them.
const vehicle = vi.hoisted(() => ({ current: undefined as PageVehicle | undefined }));
vi.mock('../../server/page-data/vehicle-context', () => ({
  pageVehicle: async () => {
    if (!vehicle.current) throw new Error('no car');
    return vehicle.current;
  },
}));

const { VehicleLocation } = await import('./VehicleLocation');

const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('the demo tenant southern-cross-motors is needed');
const group = entry.config as ResolvedTenant;

const car = { id: 42, slug: '2021-toyota-rav4', make: 'Toyota', model: 'RAV4', year: 2021 } as PageVehicle['car'];
const location = {
  id: 105,
  dealership_id: 3,
  name: 'Southern Cross Motors Brisbane',
  slug: 'southern-cross-brisbane-used',
  address: { street: '1 Main Street', city: 'Kedron', state: 'QLD', postcode: '4031' },
} as NonNullable<PageVehicle['location']>;
const dealership = { id: 3, slug: 'southern-cross-brisbane', name: 'Southern Cross Motors Brisbane' };

async function render(current: Partial<PageVehicle>, props = {}): Promise<string> {
  vehicle.current = { car, ...current } as PageVehicle;
  const ctx = {
    tenant: group,
    path: `/cars/${car.slug}`,
    params: { slug: car.slug },
    now: new Date('2026-11-22T02:00:00Z'),
    searchParams: async () => new URLSearchParams(),
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(<>{await VehicleLocation({ props, ctx })}</>);
}
const more = /<a[^>]*href="([^"]*)"[^>]*>More from ([^<]*)<\/a>/;

describe('VehicleLocation: more from this dealer', () => {
  // spec: conversion §2.2 / catalogue §2 — a dealer's see-more link is /search/{dealership_slug}.
  it("links the search page of the car's dealership, named", async () => {
    const html = await render({ location, dealership } as Partial<PageVehicle>);
    expect(html.match(more)?.slice(1)).toEqual(['/search/southern-cross-brisbane', 'Southern Cross Motors Brisbane']);
  });

  it("falls back to the car's dealership slug, and a tenant can switch the link off", async () => {
    const html = await render({
      car: { ...car, dealership_slug: 'southern-cross-perth' },
      location,
    } as Partial<PageVehicle>);
    expect(html.match(more)?.slice(1)).toEqual(['/search/southern-cross-perth', 'this dealer']);
    expect(await render({ location, dealership } as Partial<PageVehicle>, { moreFromDealer: false })).not.toMatch(more);
  });

  it('has no link without a dealership slug', async () => {
    expect(await render({ location } as Partial<PageVehicle>)).not.toMatch(more);
  });
});
