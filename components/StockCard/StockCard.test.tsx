import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StockCard } from './StockCard';
import type { CardCar, CardSettings } from './card-settings';

const now = new Date('2026-11-20T00:00:00Z');
const settings: CardSettings = {
  currency: 'AUD',
  subscriptionOffer: false,
  fuelTags: false,
  noPriceText: 'Enquire for price.',
  preorderText: 'PREORDER',
  soldTagText: 'JUST SOLD',
  justArrivedText: 'New Arrival',
  justArrivedDays: 8,
  certifiedBadgeSrc: '/assets/badges/certified-pre-owned.svg',
  buttons: [],
};
const cx5: CardCar = {
  id: 7,
  slug: '2015-mazda-cx-5-7',
  year: 2015,
  make: 'Mazda',
  model: 'CX-5',
  car_type: 'used',
  status: 'in_stock',
  price: 18990,
  stocknum: 'U7',
  dealership_slug: 'southern-cross',
  created_at: '2026-11-18T00:00:00Z',
} as CardCar;

const render = (car: CardCar, overrides: Partial<CardSettings> = {}) =>
  renderToStaticMarkup(<StockCard car={car} settings={{ ...settings, ...overrides }} now={now} />);
const tagOf = (html: string) => /<p class="([^"]*card-tag[^"]*)">(.*?)<\/p>/.exec(html);
const typeOf = (html: string) => /<p class="([^"]*)">(New|Used|Demo)<\/p>/.exec(html);

describe('the tag on a stock card', () => {
  // spec: conversion §9 — new-arrival text 'New Arrival' (issue 20: a used car tagged 'NEW' read as a new car).
  it("tags a used car that just arrived 'New Arrival', styled apart from the car-type label", () => {
    const html = render(cx5);
    const tag = tagOf(html);
    expect(tag?.[2]).toBe('New Arrival');
    expect(tag?.[1]).toContain('card-tag--new');
    const type = typeOf(html);
    expect(type?.[2]).toBe('Used');
    // The tag's tone class (a light outlined pill) is not the condition label's class.
    const tagClasses = new Set(tag?.[1]?.split(' '));
    expect((type?.[1] ?? '').split(' ').some((c) => tagClasses.has(c))).toBe(false);
  });

  // spec: catalogue §4 — "then a certified-used-Toyota logo": a picture named for people who cannot see it.
  it('shows a certified used Toyota as the badge image, not a text tag', () => {
    const html = render({ ...cx5, make: 'Toyota', model: 'RAV4', certified: true });
    const tag = tagOf(html);
    expect(tag?.[1]).toContain('card-tag--certified');
    expect(tag?.[2]).toMatch(/^<img /);
    expect(tag?.[2]).toContain('alt="Toyota Certified Pre-Owned"');
    expect(tag?.[2]).toContain('src="/assets/badges/certified-pre-owned.svg"');
  });

  it("shows the tenant's own licensed logo when it sets one", () => {
    const html = render(
      { ...cx5, make: 'Toyota', certified: true },
      { certifiedBadgeSrc: '/media/toyota-certified.png' },
    );
    expect(tagOf(html)?.[2]).toContain('alt="Toyota Certified Pre-Owned"');
    expect(tagOf(html)?.[2]).toContain('toyota-certified.png');
  });

  it("security review ('pricing.certifiedBadgeSrc ... break the image'): an SVG named in capitals is served as it is", () => {
    const html = render(
      { ...cx5, make: 'Toyota', certified: true },
      { certifiedBadgeSrc: '/media/Toyota-Certified.SVG' },
    );
    expect(tagOf(html)?.[2]).toContain('src="/media/Toyota-Certified.SVG"');
  });
});

describe('the used-car disclaimer on a stock card', () => {
  const disclaimer =
    'Used vehicle prices exclude government charges unless marked Drive Away. Kilometres and features are as recorded at the time of listing.';

  // spec: catalogue §4 — "The used-cars disclaimer on a search card toggles between short and full text."
  it('shows a used car the short text with a toggle to the full text', () => {
    const html = render(cx5, { usedCarDisclaimer: disclaimer });
    expect(html).toMatch(/<details class="[^"]*used-car-disclaimer[^"]*"><summary>/);
    expect(html).toContain('Show more');
    expect(html).toContain(`<p>${disclaimer}</p>`);
  });

  it('shows no disclaimer on a new car', () => {
    expect(render({ ...cx5, car_type: 'new' }, { usedCarDisclaimer: disclaimer })).not.toContain('used-car-disclaimer');
  });
});
