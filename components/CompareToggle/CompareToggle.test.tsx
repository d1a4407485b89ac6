import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { StockCard } from '../StockCard/StockCard';
import { cardSettings, type CardCar } from '../StockCard/card-settings';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant did not load');
const tenant = entry.config as ResolvedTenant;
const now = new Date('2026-11-20T00:00:00Z');
const car = {
  id: 7,
  slug: '2015-mazda-cx-5-7',
  year: 2015,
  make: 'Mazda',
  model: 'CX-5',
  car_type: 'used',
  status: 'in_stock',
  price: 18990,
} as CardCar;

describe('the Compare button on stock cards (catalogue §1, §6: anonymous visitors can compare)', () => {
  it('is on every demo site by default (base template), with a name that says what it does', () => {
    const settings = cardSettings(tenant, 'card');
    expect(settings.compareSite).toBe('harbour-city-mazda');
    const html = renderToStaticMarkup(<StockCard car={car} settings={settings} now={now} />);
    expect(html).toContain('aria-label="Add 2015 Mazda CX-5 to compare"');
    expect(html).toContain('aria-pressed="false"');
  });

  it('is gone where the site switches comparing off', () => {
    const off = { ...tenant, features: { ...tenant.features, compare: false } };
    const settings = cardSettings(off, 'card');
    expect(settings.compareSite).toBeUndefined();
    expect(renderToStaticMarkup(<StockCard car={car} settings={settings} now={now} />)).not.toContain('compare-toggle');
  });
});
