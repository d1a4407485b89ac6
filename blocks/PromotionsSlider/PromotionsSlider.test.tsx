import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { BlockContext } from '../types';
import { PromotionsSlider } from './PromotionsSlider';

const registry = loadTenantRegistry();
function tenant(slug: string): ResolvedTenant {
  const entry = registry.tenants.get(slug);
  if (!entry?.ok) throw new Error(`demo tenant ${slug} is needed`);
  return entry.config as ResolvedTenant;
}

function slider(site: ResolvedTenant): string {
  const ctx = {
    tenant: site,
    path: '/',
    params: {},
    now: new Date('2026-11-22T02:00:00Z'),
    searchParams: () => ({}),
    renderBlocks: () => null,
  } as unknown as BlockContext;
  return renderToStaticMarkup(<>{PromotionsSlider({ props: {}, ctx })}</>);
}

const linkOf = (html: string, cta: string) => new RegExp(`<a[^>]*href="([^"]+)"[^>]*>${cta}<`).exec(html)?.[1];

describe("PromotionsSlider: a slide marked serviceBooking leads to the dealer's booking address (catalogue §2, conversion §1 xtime_url)", () => {
  it("Harbour City's 'Book a service' slide opens its booking system, its other slides keep their links", () => {
    const html = slider(tenant('harbour-city-mazda'));
    expect(linkOf(html, 'Book a service')).toBe('https://booking.example.com/harbour-city-mazda');
    expect(linkOf(html, 'See the offers')).not.toContain('booking');
  });

  it('falls back to the slide’s own link without a booking address', () => {
    const site = tenant('harbour-city-mazda');
    const html = slider({ ...site, contact: { ...site.contact, serviceBookingUrl: undefined } as typeof site.contact });
    expect(linkOf(html, 'Book a service')).toBe('/service');
  });
});
