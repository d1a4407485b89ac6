import { describe, expect, it } from 'vitest';
import { breadcrumbs } from './breadcrumbs';

describe('breadcrumbs', () => {
  // spec: catalogue §2 vehicle detail page — Home, car type, make, model and body links, ending on the title.
  it('builds breadcrumbs with conversion §2.2 search URLs', () => {
    const car = {
      car_type: 'used',
      make: 'Land Rover',
      model: 'Range Rover Sport',
      simple_body: 'SUV',
      year: 2021,
      badge: 'HSE',
      series: 'L494',
    };
    expect(breadcrumbs(car)).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/search/used-cars' },
      { label: 'Land Rover', href: '/search/land-rover' },
      { label: 'Range Rover Sport', href: '/search/land-rover/range-rover-sport' },
      { label: 'SUV', href: '/search/suv' },
      { label: '2021 Land Rover Range Rover Sport HSE L494' },
    ]);
    expect(breadcrumbs({ ...car, car_type: 'demo' }, '/stock/')[1]).toEqual({
      label: 'Demo Cars',
      href: '/stock/demo-cars',
    });
    expect(breadcrumbs({ ...car, car_type: 'new' })[1]?.href).toBe('/search/new-cars');
  });

  // spec: catalogue §2 vehicle detail page — missing breadcrumb parts are skipped.
  it('skips missing parts', () => {
    expect(breadcrumbs({ make: 'Kia', model: 'Cerato', year: 2019 })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Kia', href: '/search/kia' },
      { label: 'Cerato', href: '/search/kia/cerato' },
      { label: '2019 Kia Cerato' },
    ]);
    expect(breadcrumbs({ car_type: 'other', simple_body: ' ', name: 'Mystery car' })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Mystery car' },
    ]);
    expect(breadcrumbs({ model: 'Cerato' })).toEqual([{ label: 'Home', href: '/' }, { label: 'Cerato' }]);
  });
});
