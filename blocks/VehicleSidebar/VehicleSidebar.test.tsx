import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PageVehicle } from '../../server/page-data/vehicle-context';
import type { BlockContext } from '../types';
import type { FinanceEstimate } from '../../domain/finance/estimate';

// The car and its finance estimate come from the database and the quote service; here, only the buttons.
const vehicle = vi.hoisted(() => ({ car: undefined as PageVehicle['car'] | undefined }));
vi.mock('../../server/page-data/vehicle-context', () => ({
  pageVehicle: async () => {
    if (!vehicle.car) throw new Error('no car');
    return { car: vehicle.car };
  },
}));
const finance = vi.hoisted(() => ({ estimate: undefined as FinanceEstimate | undefined }));
vi.mock('../../server/page-data/finance-data', () => ({ vehicleFinanceEstimate: async () => finance.estimate }));

const { VehicleSidebar } = await import('./VehicleSidebar');

const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('the demo tenant southern-cross-motors is needed');
const group = entry.config as ResolvedTenant;

const sellable = {
  id: 42,
  slug: '2021-toyota-rav4',
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  car_type: 'used',
  status: 'in_stock',
  price: 30_000,
  sold: false,
  reserved: false,
} as PageVehicle['car'];

async function render(tenant: ResolvedTenant, car: PageVehicle['car']): Promise<string> {
  vehicle.car = car;
  const ctx = {
    tenant,
    path: `/cars/${car.slug}`,
    params: { slug: car.slug },
    now: new Date('2026-11-22T02:00:00Z'),
    searchParams: async () => new URLSearchParams(),
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(<>{await VehicleSidebar({ props: {}, ctx })}</>);
}
const instantOffer = /<a[^>]*href="([^"]*)"[^>]*>Get an Instant Offer<\/a>/;

describe('VehicleSidebar: the instant-offer button (conversion §4.2)', () => {
  it('shows the vehicle set’s instant-offer button, leading to the trade-in valuation with this car', async () => {
    expect((await render(group, sellable)).match(instantOffer)?.[1]).toBe('/cars/trade-in?car_id=42');
  });

  // spec: conversion §4.2 — autograb flag on, in_stock, not sold, not reserved, price above 200.
  it('hides it with the autograb flag off and for a reserved or cheap car', async () => {
    const off = { ...group, features: { ...group.features, autograb: false } };
    expect(await render(off, sellable)).not.toMatch(instantOffer);
    expect(await render(group, { ...sellable, reserved: true })).not.toMatch(instantOffer);
    expect(await render(group, { ...sellable, price: 150 })).not.toMatch(instantOffer);
  });
});

// spec: conversion §4.3 — "The estimate's monthly repayment equals the weekly repayment times 4.33."
describe('VehicleSidebar: the monthly finance estimate (provider G)', () => {
  const monthlySite = { ...group, finance: { ...group.finance, provider: 'G' as const } };
  const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

  it("shows the rule's monthly figure, and a lender's own figure that reads differently as the lender's", async () => {
    finance.estimate = {
      weekly: 142.26,
      monthly: 615.99,
      lenderMonthly: 640,
      interestRate: 8.49,
      comparisonRate: 9.12,
    };
    const html = text(await render(monthlySite, sellable));
    expect(html).toContain('Finance from $616 per month*');
    expect(html).toContain('Per month is the weekly repayment times 4.33; the lender quotes $640 per month.');
  });

  it('says nothing more when the two read the same', async () => {
    finance.estimate = {
      weekly: 142.26,
      monthly: 615.99,
      lenderMonthly: 616,
      interestRate: 8.49,
      comparisonRate: 9.12,
    };
    const html = text(await render(monthlySite, sellable));
    expect(html).toContain('Finance from $616 per month*');
    expect(html).not.toContain('the lender quotes');
    finance.estimate = undefined;
  });
});
