import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { SiteModel } from '../../services/models';
import type { BlockContext } from '../types';

// The catalogue and the locations are the services' business; here only what the header makes of them.
const catalogue = vi.hoisted(() => ({ models: [] as SiteModel[], asked: [] as string[][] }));
vi.mock('../../services/models', () => ({
  siteModels: async (manufacturers: readonly string[]) => {
    catalogue.asked.push([...manufacturers]);
    return catalogue.models.filter(({ manufacturer }) => manufacturers.includes(manufacturer.slug));
  },
}));
vi.mock('../../services/stock', () => ({ getStockRepository: async () => ({ locations: async () => [] }) }));

const { SiteHeader } = await import('./SiteHeader');

const registry = loadTenantRegistry();
function tenant(slug: string): ResolvedTenant {
  const entry = registry.tenants.get(slug);
  if (!entry?.ok) throw new Error(`demo tenant ${slug} is needed`);
  return entry.config as ResolvedTenant;
}

const make = (id: number, name: string) => ({ id, name, slug: name.toLowerCase() });
const model = (id: number, manufacturer: ReturnType<typeof make>, name: string): SiteModel => ({
  manufacturer,
  model: { id, manufacturer_id: manufacturer.id, name, slug: name.toLowerCase() } as SiteModel['model'],
});
const mazda = make(1, 'Mazda');
const kia = make(2, 'Kia');

async function header(site: ResolvedTenant): Promise<string> {
  const ctx = {
    tenant: site,
    path: '/',
    params: {},
    now: new Date('2026-11-22T02:00:00Z'),
    searchParams: () => {
      throw new Error('the header must not read the request: it would make every page uncacheable');
    },
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(<>{await SiteHeader({ props: {}, ctx })}</>);
}

/** The links inside the New Vehicles dropdown panel, as [text, href]. */
function newVehiclesLinks(html: string): string[][] {
  const start = html.indexOf('>New Vehicles<');
  expect(start).toBeGreaterThan(-1);
  const panel = html.slice(start, html.indexOf('</li></ul></div></li>', start));
  return [...panel.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2] ?? '', m[1] ?? '']);
}

beforeEach(() => {
  catalogue.models = [];
  catalogue.asked = [];
});

describe('SiteHeader: New Vehicles as a dropdown of the site’s models (conversion §2.4)', () => {
  it('lists the franchise site’s models from its catalogue, linking /models/{slug}, then All models', async () => {
    catalogue.models = [model(11, mazda, 'CX-5'), model(12, mazda, 'BT-50'), model(20, kia, 'Sportage')];
    const html = await header(tenant('harbour-city-mazda'));
    expect(catalogue.asked).toEqual([['mazda']]); // the site's brands when models.manufacturers is unset
    expect(newVehiclesLinks(html)).toEqual([
      ['CX-5', '/models/cx-5'],
      ['BT-50', '/models/bt-50'],
      ['All models', '/models'],
    ]);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>New Vehicles/); // the shared keyboard dropdown
  });

  it('groups the models by make when the site shows several makes', async () => {
    catalogue.models = [model(11, mazda, 'CX-5'), model(20, kia, 'Sportage')];
    const site = tenant('harbour-city-mazda');
    const html = await header({ ...site, models: { ...site.models, manufacturers: ['mazda', 'kia'] } });
    expect(html).toContain('<ul role="list" aria-label="Mazda">');
    expect(html).toContain('<ul role="list" aria-label="Kia">');
    expect(newVehiclesLinks(html).map(([label]) => label)).toEqual(['CX-5', 'Sportage', 'All models']);
  });

  it('shows no New Vehicles item when the catalogue has none of the site’s models, and none while switched off', async () => {
    expect(await header(tenant('harbour-city-mazda'))).not.toContain('New Vehicles');
    catalogue.models = [model(11, mazda, 'CX-5')];
    const site = tenant('harbour-city-mazda');
    expect(await header({ ...site, features: { ...site.features, newVehicles: false } })).not.toContain('New Vehicles');
  });

  it('falls back to the item’s own drop-down links when there are no models', async () => {
    const site = tenant('harbour-city-mazda');
    const html = await header({
      ...site,
      menus: {
        ...site.menus,
        header: [{ label: 'New Vehicles', kind: 'models', children: [{ label: 'Enquire', href: '/contact' }] }],
      },
    });
    expect(newVehiclesLinks(html)).toEqual([['Enquire', '/contact']]);
  });

  it('does not read the catalogue when no item asks for models', async () => {
    await header(tenant('ridgeline-motorcycles'));
    expect(catalogue.asked).toEqual([]);
  });
});

describe("SiteHeader: 'Book a Service' entries follow the dealer's booking address (catalogue §2, conversion §1 xtime_url)", () => {
  const bookLink = (html: string) => /<a[^>]*href="([^"]+)"[^>]*>Book a Service<\/a>/.exec(html)?.[1];

  it('the Ridgeline entry leads to /service while the dealer has no booking system', async () => {
    expect(bookLink(await header(tenant('ridgeline-motorcycles')))).toBe('/service');
  });

  it('and to the booking system once the dealer has one, top-level entries too', async () => {
    const site = tenant('ridgeline-motorcycles');
    const contact = { ...site.contact, serviceBookingUrl: 'https://book.example.com/ridgeline' } as typeof site.contact;
    expect(bookLink(await header({ ...site, contact }))).toBe('https://book.example.com/ridgeline');
    const menus = { ...site.menus, header: [{ label: 'Book a Service', href: '/service', serviceBooking: true }] };
    expect(bookLink(await header({ ...site, contact, menus }))).toBe('https://book.example.com/ridgeline');
    // A plain link keeps its own address.
    const plain = { ...site.menus, header: [{ label: 'Book a Service', href: '/service' }] };
    expect(bookLink(await header({ ...site, contact, menus: plain }))).toBe('/service');
  });
});
