import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '../engine/render-blocks';
import { blockRegistry } from './registry';
import { loadTenantRegistry } from '../engine/tenant-registry';
import type { Block, ResolvedTenant } from '../schemas/types.generated';

const registry = loadTenantRegistry();
function tenant(slug: string): ResolvedTenant {
  const entry = registry.tenants.get(slug);
  if (!entry?.ok) throw new Error(`demo tenant ${slug} is needed`);
  return entry.config as ResolvedTenant;
}
const now = new Date('2026-11-22T02:00:00Z');
const render = (t: ResolvedTenant, blocks: Block[], params: Record<string, string> = {}) =>
  renderToStaticMarkup(
    <>
      {renderBlocks(
        blocks,
        { tenant: t, path: '/', params, now, searchParams: async () => new URLSearchParams() },
        blockRegistry,
      )}
    </>,
  );

describe('content blocks on the demo tenants', () => {
  it('SpecialOffers shows the current offer only, and the catalogue §8 empty state when none is current', () => {
    const mazda = tenant('harbour-city-mazda');
    const html = render(mazda, [{ type: 'SpecialOffers', props: { headingLevel: 1 } }]);
    expect(html).toContain('data-offer="cx5-summer"');
    expect(html).not.toContain('data-offer="cx30-spring"'); // expired 2026-10-31
    expect(html).not.toContain('data-offer="bt50-2027"'); // starts 2027-02-01
    const none = render({ ...mazda, offers: mazda.offers.filter((o) => o.id !== 'cx5-summer') }, [
      { type: 'SpecialOffers', props: {} },
    ]);
    expect(none).toContain('No Results Available');
    expect(none).toContain('There appears to be no offers currently available that meet the conditions of your search');
    expect(none).toMatch(/<a[^>]*href="\/special-offers"[^>]*>Clear Filters<\/a>/);
  });

  it('PromotionsSlider renders current slides by position with previous and next buttons', () => {
    const html = render(tenant('southern-cross-motors'), [{ type: 'PromotionsSlider', props: {} }]);
    expect(html.indexOf('Sell your car to us')).toBeLessThan(html.indexOf('Changed your mind?')); // position 1 before 2
    expect(html).toContain('aria-label="Slide 1 of 2"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html).toContain('width="1920" height="540"');
    expect(render(tenant('harbour-city-mazda'), [{ type: 'PromotionsSlider', props: {} }])).not.toContain(
      'Winter service check',
    ); // expired
  });

  it('Warranty shows 7 years, unlimited km and 5 years roadside for the Mazda dealer, 3 years for the motorcycle dealer', () => {
    const mazda = render(tenant('harbour-city-mazda'), [{ type: 'Warranty', props: { headingLevel: 1 } }]);
    expect(mazda).toContain('<h1 id="warranty-heading">Your 7-year warranty</h1>');
    expect(mazda).toContain('7 years / unlimited kilometres');
    expect(mazda).toContain('5 years included');
    expect(render(tenant('ridgeline-motorcycles'), [{ type: 'Warranty', props: {} }])).toContain(
      '3 years / unlimited kilometres',
    );
    expect(render(tenant('southern-cross-motors'), [{ type: 'Warranty', props: {} }])).toContain(
      '5 years / 150,000 km, whichever comes first',
    );
  });

  it('ReturnPolicy shows the group policy (conversion §9) and is a 404 without one', () => {
    const html = render(tenant('southern-cross-motors'), [{ type: 'ReturnPolicy', props: {} }]);
    for (const text of ['14 days', '500 km', 'a quarter tank', 'All keys', 'free of encumbrance'])
      expect(html).toContain(text);
    expect(() => render(tenant('harbour-city-mazda'), [{ type: 'ReturnPolicy', props: {} }])).toThrow();
  });

  it('ServiceBookingLinks shows the make’s booking link and is a 404 for a make without one', () => {
    const html = render(tenant('harbour-city-mazda'), [{ type: 'ServiceBookingLinks', props: { headingLevel: 1 } }], {
      brand: 'mazda',
    });
    expect(html).toContain('href="https://booking.example.com/harbour-city-mazda"');
    expect(() =>
      render(tenant('harbour-city-mazda'), [{ type: 'ServiceBookingLinks', props: {} }], { brand: 'toyota' }),
    ).toThrow();
    expect(render(tenant('ridgeline-motorcycles'), [{ type: 'ServiceBookingLinks', props: {} }])).toBe('');
  });

  it('PaymentLogos lists the five accepted methods under "We accept"', () => {
    const html = render(tenant('harbour-city-mazda'), [{ type: 'PaymentLogos', props: {} }]);
    expect(html).toContain('aria-labelledby="payment-logos-label"');
    expect(html.match(/<li class="payment-badge">([^<]+)<\/li>/g)?.map((li) => li.replace(/<[^>]+>/g, ''))).toEqual([
      'Mastercard',
      'Visa',
      'Maestro',
      'Google Pay',
      'Apple Pay',
    ]);
  });

  it('SalesCounter renders the value at the request time with the tenant label', () => {
    const html = render(tenant('southern-cross-motors'), [{ type: 'SalesCounter', props: {} }]);
    expect(html).toContain(`>${(21 * 192 + 96).toLocaleString('en-AU')}</strong>`); // 12:00 on the 22nd in Brisbane
    expect(html).toContain('cars sold across the Southern Cross group this month');
  });

  it('PriceRangeSearch links to the search page with the price range', () => {
    const html = render(tenant('harbour-city-mazda'), [
      { type: 'PriceRangeSearch', props: { min: 20000, max: 60000 } },
    ]);
    expect(html).toContain('href="/search/new-used-and-demo-cars?range[price]=20000:60000"');
    expect(html).toContain('$20,000');
  });

  it('BlogCards shows the newest first with en-AU dates; TradeInFaq carries the online-estimate limits', () => {
    const html = render(tenant('harbour-city-mazda'), [
      { type: 'BlogCards', props: {} },
      { type: 'TradeInFaq', props: {} },
    ]);
    expect(html.indexOf('Choosing the right Mazda CX-5 grade')).toBeLessThan(
      html.indexOf('What a scheduled service covers'),
    );
    expect(html).toContain('<time dateTime="2026-11-10">10 November 2026</time>');
    expect(html).toContain('Cars over 7 years or 100,000 km get no online estimate');
  });

  it('a cropped picture goes to the image optimiser by its cropped address, and its focal point is applied (issue 33)', () => {
    // Issue 33: "crop to the field's aspect ratio and set a focal point (stored with the image
    // reference, applied by the renderer and the image optimiser)".
    const src = `/media/studio/${'c'.repeat(64)}-100-0-800-450.webp`;
    const html = render(tenant('harbour-city-mazda'), [
      { type: 'Hero', props: { heading: 'Summer', image: { src, alt: 'A car by the sea', focus: { x: 25, y: 70 } } } },
    ]);
    expect(html).toContain(`/_next/image?url=${encodeURIComponent(src)}&amp;w=`);
    expect(html).toMatch(/<img[^>]*alt="A car by the sea"[^>]*style="[^"]*object-position:25% 70%/);
    const middle = render(tenant('harbour-city-mazda'), [
      { type: 'Hero', props: { heading: 'Summer', image: { src, alt: 'A car', focus: { x: 50, y: 50 } } } },
    ]);
    expect(middle).not.toContain('object-position');
  });
});
