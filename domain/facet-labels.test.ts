import { describe, expect, it } from 'vitest';
import { facetValueLabel } from './facet-labels';

describe('facetValueLabel', () => {
  it('reads certified as yes/no words', () => {
    expect(facetValueLabel('certified', 'true')).toBe('Certified');
    expect(facetValueLabel('certified', 'false')).toBe('Not certified');
  });

  // spec: catalogue §3 Car status (in_stock, sold, coming_soon, others)
  it('reads each car status as words', () => {
    expect(facetValueLabel('status', 'in_stock')).toBe('In stock');
    expect(facetValueLabel('status', 'coming_soon')).toBe('Coming soon');
    expect(facetValueLabel('status', 'sold')).toBe('Sold');
    expect(facetValueLabel('status', 'on_order')).toBe('On order');
  });

  it('capitalises conditions and leaves other values as indexed', () => {
    expect(facetValueLabel('car_type', 'demo')).toBe('Demo');
    expect(facetValueLabel('make', 'BMW')).toBe('BMW');
  });
});
