import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PageVehicle } from '../../server/page-data/vehicle-context';
import type { BlockContext } from '../types';

// The page's car comes from the database through pageVehicle; here, only what the bar makes of it.
const vehicle = vi.hoisted(() => ({ car: undefined as PageVehicle['car'] | undefined }));
vi.mock('../../server/page-data/vehicle-context', () => ({
  pageVehicle: async () => {
    if (!vehicle.car) throw new Error('no car');
    return { car: vehicle.car };
  },
}));

const { VehicleMobileBar } = await import('./VehicleMobileBar');

const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('the demo tenant southern-cross-motors is needed');
const group = entry.config as ResolvedTenant;
const withAutograb = (on: boolean): ResolvedTenant => ({ ...group, features: { ...group.features, autograb: on } });

const sellable = {
  id: 42,
  slug: '2021-toyota-rav4',
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  status: 'in_stock',
  price: 30_000,
  sold: false,
  reserved: false,
} as PageVehicle['car'];

async function render(tenant: ResolvedTenant, car: PageVehicle['car'], props = {}): Promise<string> {
  vehicle.car = car;
  const ctx = {
    tenant,
    path: `/cars/${car.slug}`,
    params: { slug: car.slug },
    now: new Date('2026-11-22T02:00:00Z'),
    searchParams: async () => new URLSearchParams(),
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(<>{await VehicleMobileBar({ props, ctx })}</>);
}
const instantOffer = /<a[^>]*href="([^"]*)"[^>]*>Instant Offer<\/a>/;

describe('VehicleMobileBar: the instant-offer entry point (conversion §4.2)', () => {
  it('leads an eligible car’s shopper to the trade-in valuation with this car when the autograb flag is on', async () => {
    expect(group.features.autograb).toBe(true); // the demo group site shows it
    expect((await render(group, sellable)).match(instantOffer)?.[1]).toBe('/cars/trade-in?car_id=42');
    const own = await render(group, sellable, { instantOfferHref: '/instant-price?car_id={id}' });
    expect(own.match(instantOffer)?.[1]).toBe('/instant-price?car_id=42');
  });

  // spec: conversion §4.2 — autograb flag on, in_stock, not sold, not reserved, price above 200.
  it('is not offered with the flag off, or for a car that is not in stock, sold, reserved or priced 200 or less', async () => {
    expect(await render(withAutograb(false), sellable)).not.toMatch(instantOffer);
    for (const car of [
      { ...sellable, status: 'coming_soon' as const },
      { ...sellable, sold: true },
      { ...sellable, reserved: true },
      { ...sellable, price: 200 },
    ])
      expect(await render(group, car)).not.toMatch(instantOffer);
    expect(await render(group, { ...sellable, price: 201 })).toMatch(instantOffer);
  });
});

describe('VehicleMobileBar: Enquire Now or Instant Message (catalogue §2)', () => {
  const withMessaging = (messaging: Partial<ResolvedTenant['messaging']>): ResolvedTenant => ({
    ...group,
    messaging: { ...group.messaging, ...messaging },
  });
  const instantButton = /<button[^>]*aria-haspopup="dialog"[^>]*>Instant Message<\/button>/;
  const enquireLink = /<a[^>]*href="#enquire"[^>]*>Enquire Now<\/a>/;
  // The phone bar only (the wide-screen sticky header keeps its enquiry link).
  const bar = async (tenant: ResolvedTenant, props = {}) =>
    (await render(tenant, sellable, props)).match(/<nav[\s\S]*<\/nav>/)?.[0] ?? '';

  it('on the demo site (messaging and its phone-bar option on), Instant Message opens the chat bubble about this car', async () => {
    expect(group.messaging).toMatchObject({ enabled: true, mobileBar: true });
    const html = await bar(group);
    expect(html).toMatch(instantButton);
    expect(html).not.toMatch(enquireLink);
    expect(html).toContain('data-chat-car-id="42"');
    expect(html).toContain('data-chat-car-title="2021 Toyota RAV4"');
  });

  it('the block’s own choice wins; without messaging the bar keeps its link to the enquiry form and names no car', async () => {
    const own = await bar(group, { instantMessage: false });
    expect(own).toMatch(enquireLink);
    expect(own).toContain('data-chat-car-id="42"');
    expect(await bar(withMessaging({ mobileBar: false }))).toMatch(enquireLink);
    const off = await bar(withMessaging({ enabled: false }));
    expect(off).toMatch(enquireLink);
    expect(off).not.toContain('data-chat-car-id');
  });
});
