import { describe, expect, it } from 'vitest';
import { vehicleTitle } from './vehicle-title';

describe('vehicle title', () => {
  it('builds the vehicle title from year, make, model, badge and series', () => {
    expect(vehicleTitle({ year: 2021, make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', series: 'KF' })).toBe(
      '2021 Mazda CX-5 Maxx Sport KF',
    );
    expect(vehicleTitle({ year: 2021, make: 'Mazda', model: 'CX-5', badge: ' ' })).toBe('2021 Mazda CX-5');
  });
});
