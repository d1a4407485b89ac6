import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { Block, ResolvedTenant } from '../../schemas/types.generated';
import type { Car } from '../../services/stock';
import type { BlockContext } from '../types';

// Which car ?car_id= names is listedCarByRef's business (server/page-data/car-ref.test.ts); here,
// what the block does with its answer, and what it passes on to the flow that posts the lead.
const lookup = vi.hoisted(() => ({ car: undefined as Car | undefined, asked: [] as Array<[unknown, Date]> }));
vi.mock('../../server/page-data/vehicle-context', () => ({
  listedCarByRef: async (_tenant: unknown, ref: unknown, now: Date) => {
    lookup.asked.push([ref, now]);
    return lookup.car;
  },
}));
// The flow is a client component (router, stored details); it is shown here by the car it was given,
// which it sends as car_id with every step to /api/trade-in.
vi.mock('./TradeInValuation.client', () => ({
  TradeInFlow: ({ car }: { car?: { id: number; name: string; slug: string } }) => (
    <output data-testid="flow">{car ? JSON.stringify(car) : 'no car'}</output>
  ),
}));

const { TradeInValuation } = await import('./TradeInValuation');

const registry = loadTenantRegistry();
function tenant(slug: string): ResolvedTenant {
  const entry = registry.tenants.get(slug);
  if (!entry?.ok) throw new Error(`demo tenant ${slug} is needed`);
  return entry.config as ResolvedTenant;
}
const NOW = new Date('2026-11-27T00:00:00Z');
const rav4 = { id: 42, slug: '2021-toyota-rav4-gx', year: 2021, make: 'Toyota', model: 'RAV4', badge: 'GX' } as Car;

async function render(query: string, car: 'query' | 'none'): Promise<string> {
  const ctx = {
    tenant: tenant('southern-cross-motors'),
    path: '/instant-price',
    params: {},
    now: NOW,
    searchParams: async () => new URLSearchParams(query),
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(
    <>{await TradeInValuation({ props: { heading: 'Get an instant price for your car', car }, ctx })}</>,
  );
}

beforeEach(() => {
  lookup.car = undefined;
  lookup.asked = [];
});

describe('/instant-price?car_id= keeps the car that prompted the instant offer (conversion §4.2)', () => {
  it("every demo site's /instant-price reads the car from the address", () => {
    for (const slug of ['harbour-city-mazda', 'southern-cross-motors', 'ridgeline-motorcycles']) {
      const blocks = (tenant(slug).pages?.['/instant-price']?.blocks ?? []) as Block[];
      const valuation = blocks.find((b) => b.type === 'TradeInValuation');
      expect(valuation?.type === 'TradeInValuation' ? valuation.props.car : undefined, slug).toBe('query');
    }
  });

  it('shows the listed car and hands it to the flow, so the lead names it', async () => {
    lookup.car = rav4;
    const html = await render('car_id=42', 'query');
    expect(lookup.asked).toEqual([['42', NOW]]);
    expect(html).toContain('Trading in towards the <a href="/cars/2021-toyota-rav4-gx">2021 Toyota RAV4 GX</a>');
    expect(html).toContain(
      `<output data-testid="flow">${JSON.stringify({ id: 42, name: '2021 Toyota RAV4 GX', slug: '2021-toyota-rav4-gx' }).replaceAll('"', '&quot;')}</output>`,
    );
  });

  it('an id that names no listed car leaves the page working, for no car', async () => {
    for (const query of ['car_id=999999', 'car_id=3000000000', 'car_id=%3Cscript%3E', '']) {
      const html = await render(query, 'query');
      expect(html, query).toContain('<h1 id="trade-in-heading">Get an instant price for your car</h1>');
      expect(html, query).not.toContain('Trading in towards');
      expect(html, query).toContain('<output data-testid="flow">no car</output>');
    }
  });

  it('a page whose block takes no car never looks one up', async () => {
    lookup.car = rav4;
    expect(await render('car_id=42', 'none')).toContain('<output data-testid="flow">no car</output>');
    expect(lookup.asked).toEqual([]);
  });
});
