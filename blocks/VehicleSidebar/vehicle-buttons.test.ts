// Links of the vehicle page that must keep the car (issue 20): the sidebar's button sets, the
// mobile and sticky bars' Enquire Now, and /contact?car_id=.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VEHICLE_ENQUIRY_ANCHOR, fillCarLink } from '../../domain/car-links';
import { formNameFor } from '../../domain/forms/form-choice';
import { sidebarCtas } from '../../domain/vehicle/sidebar-ctas';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { Block, ResolvedTenant } from '../../schemas/types.generated';

const registry = loadTenantRegistry();
function tenant(slug: string): ResolvedTenant {
  const entry = registry.tenants.get(slug);
  if (!entry?.ok) throw new Error(`demo tenant ${slug} is needed`);
  return entry.config as ResolvedTenant;
}
/** Every block of a page, slots included. */
function allBlocks(blocks: readonly Block[] | undefined): Block[] {
  return (blocks ?? []).flatMap((block) => [
    block,
    ...Object.values(block.props as Record<string, unknown>).flatMap((value) =>
      Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'type' in v)
        ? allBlocks(value as Block[])
        : [],
    ),
  ]);
}
const car = { id: 42, slug: '2021-mazda-cx-5-maxx', dealership_slug: 'harbour-city-mazda' };
const sellable = { status: 'in_stock', price: 30000, car_type: 'used', sold: false, reserved: false };

describe('vehicle page links that keep the car', () => {
  it("every demo site's vehicle page holds the #enquire form the bars and the Enquire button lead to", () => {
    for (const slug of ['harbour-city-mazda', 'southern-cross-motors', 'ridgeline-motorcycles']) {
      const page = tenant(slug).pages?.['/cars/:slug'];
      const form = allBlocks(page?.blocks as Block[]).find((b) => `#${b.id ?? ''}` === VEHICLE_ENQUIRY_ANCHOR);
      expect(form?.type, slug).toBe('EnquiryForm');
      expect(form?.type === 'EnquiryForm' ? form.props.car : undefined, slug).toBe('page');
    }
  });

  // spec: conversion §2.3 — /cars/{slug}/buy-online and /checkout-journey?car_id={id or slug}; catalogue §2 sidebar buttons.
  it('the vehicle button set of each template has Enquire Now and a Buy Online button under the reserve rule', () => {
    const sets = {
      franchise: tenant('harbour-city-mazda').buttonSets.vehicle ?? [],
      group: tenant('southern-cross-motors').buttonSets.vehicle ?? [],
    };
    for (const buttons of Object.values(sets)) {
      expect(buttons.find((b) => b.label === 'Enquire Now')?.href).toBe(VEHICLE_ENQUIRY_ANCHOR);
      expect(buttons.find((b) => b.label === 'Buy Online')?.cta).toBe('buy-online');
    }
    const buyOnline = (template: keyof typeof sets) =>
      fillCarLink(sets[template].find((b) => b.cta === 'buy-online')?.href ?? '', car);
    expect(buyOnline('franchise')).toBe('/cars/2021-mazda-cx-5-maxx/buy-online');
    expect(buyOnline('group')).toBe('/checkout-journey?car_id=42');
  });

  it("the franchise template's vehicle set is the base set with only the buy-online route changed (no drift)", () => {
    const read = (path: string) =>
      (JSON.parse(readFileSync(path, 'utf8')) as { buttonSets: { vehicle: { href: string; cta?: string }[] } })
        .buttonSets.vehicle;
    const base = read('pages-json/base/defaults.json');
    const franchise = read('pages-json/franchise/defaults.json');
    const withoutBuyOnline = (set: { href: string; cta?: string }[]) =>
      set.map((b) => (b.cta === 'buy-online' ? { ...b, href: '' } : b));
    expect(withoutBuyOnline(franchise)).toEqual(withoutBuyOnline(base));
  });

  // spec: catalogue §5 — online purchase needs the reserve-eligibility check.
  it('Buy Online shows only for a car that passes the reserve rule', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    expect(sidebarCtas(sellable, {}, { now })).toContain('buy-online');
    expect(sidebarCtas({ ...sellable, reserved: true }, {}, { now })).not.toContain('buy-online');
    expect(sidebarCtas({ ...sellable, status: 'sold', sold: true }, {}, { now })).not.toContain('buy-online');
  });

  // spec: conversion §3 Enquiry form defaults, §7 item 12 — events 14 (new), 15 (used), 22 (general).
  it('/contact asks about the car named by ?car_id= with the car-type form, and is the general enquiry without one', () => {
    const t = tenant('southern-cross-motors');
    const form = allBlocks(t.pages?.['/contact']?.blocks as Block[]).find((b) => b.type === 'EnquiryForm');
    if (form?.type !== 'EnquiryForm') throw new Error('/contact has no enquiry form');
    expect(form.props.car).toBe('query');
    const event = (carType?: string) =>
      t.forms[formNameFor(form.props.form, carType ? { car_type: carType } : undefined)]?.event;
    expect(event('new')).toBe(14);
    expect(event('used')).toBe(15);
    expect(event()).toBe(22);
  });
});
