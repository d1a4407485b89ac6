import { describe, expect, it } from 'vitest';
import {
  initialLocationTab,
  LOCATION_TABS,
  locationsInTab,
  locationTabItems,
  sortLocationsByType,
  tabsForLocations,
  tabsOfLocation,
  type TypedLocation,
} from './location-tabs';

const at = (name: string, location_type?: string | null) => ({ name, location_type });
const names = (locations: ReadonlyArray<{ name: string }>) => locations.map((l) => l.name);

describe('tabs of a location', () => {
  // spec: catalogue §2 Locations listing — "tabs for sales, used, service and parts (an empty location type means sales)".
  it('puts an empty or missing type on the sales tab', () => {
    expect(tabsOfLocation({ location_type: '' })).toEqual(['sales']);
    expect(tabsOfLocation({})).toEqual(['sales']);
    expect(tabsOfLocation({ location_type: null })).toEqual(['sales']);
    expect(tabsOfLocation({ location_type: 'sales' })).toEqual(['sales']);
  });

  it('puts used, service and parts on their own tabs, whatever the case', () => {
    expect(tabsOfLocation({ location_type: 'used' })).toEqual(['used']);
    expect(tabsOfLocation({ location_type: 'Service' })).toEqual(['service']);
    expect(tabsOfLocation({ location_type: ' parts ' })).toEqual(['parts']);
  });

  // spec: conversion §3 Location — "location_type (sales, service, parts, empty; service-and-parts also appears)".
  it('lists a service-and-parts location under both service and parts', () => {
    expect(tabsOfLocation({ location_type: 'service-and-parts' })).toEqual(['service', 'parts']);
  });

  it('puts a type the spec does not know on no tab', () => {
    expect(tabsOfLocation({ location_type: 'buying' })).toEqual([]);
  });
});

describe('tabs present in a list', () => {
  // spec: catalogue §4 — "Locations sort in the order none, sales, used, service, parts"; the tabs follow it.
  it('orders the tabs sales, used, service, parts and leaves out empty ones', () => {
    expect(LOCATION_TABS).toEqual(['sales', 'used', 'service', 'parts']);
    expect(tabsForLocations([at('P', 'parts'), at('S', 'service'), at('N', '')])).toEqual([
      'sales',
      'service',
      'parts',
    ]);
    expect(tabsForLocations([at('U', 'used'), at('SP', 'service-and-parts')])).toEqual(['used', 'service', 'parts']);
    expect(tabsForLocations([])).toEqual([]);
  });

  // spec: catalogue §4 Location tabs — "the first tab is selected at first and again whenever the location list changes".
  it('selects the first present tab at first', () => {
    expect(initialLocationTab([at('P', 'parts'), at('U', 'used')])).toBe('used');
    expect(initialLocationTab([at('P', 'parts'), at('N', '')])).toBe('sales');
    // After the list changes (e.g. a search) the first tab of the new list is selected again.
    expect(initialLocationTab([at('P', 'parts')])).toBe('parts');
    expect(initialLocationTab([])).toBeUndefined();
  });
});

describe('sort order', () => {
  // spec: catalogue §4 — "Locations sort in the order none, sales, used, service, parts".
  it('sorts none, sales, used, service, parts, keeping feed order within a type', () => {
    const list: Array<TypedLocation & { name: string }> = [
      at('Parts 1', 'parts'),
      at('Service 1', 'service'),
      at('Sales 1', 'sales'),
      at('Used 1', 'used'),
      at('None 1', ''),
      at('Sales 2', 'sales'),
      at('Service & Parts', 'service-and-parts'),
      at('Odd', 'buying'),
      at('None 2'),
    ];
    expect(names(sortLocationsByType(list))).toEqual([
      'None 1',
      'None 2',
      'Sales 1',
      'Sales 2',
      'Used 1',
      'Service 1',
      'Service & Parts',
      'Parts 1',
      'Odd',
    ]);
    expect(names(list)[0]).toBe('Parts 1'); // the input is not reordered
  });

  // spec: conversion §9 — "Locations sorted sales, service, parts" (the same order without none and used).
  it('agrees with the shorter conversion §9 order', () => {
    expect(names(sortLocationsByType([at('P', 'parts'), at('Se', 'service'), at('Sa', 'sales')]))).toEqual([
      'Sa',
      'Se',
      'P',
    ]);
  });

  it('lists a tab’s locations in that order, none before sales', () => {
    const list = [at('Sales', 'sales'), at('Parts', 'parts'), at('None', ''), at('S&P', 'service-and-parts')];
    expect(names(locationsInTab(list, 'sales'))).toEqual(['None', 'Sales']);
    expect(names(locationsInTab(list, 'parts'))).toEqual(['S&P', 'Parts']);
    expect(names(locationsInTab(list, 'used'))).toEqual([]);
  });
});

describe('locationTabItems', () => {
  const group = [
    { id: 3, name: 'Parts Depot', location_type: 'parts' },
    { id: 1, name: 'City Sales', location_type: '' },
    { id: 2, name: 'Service Centre', location_type: 'service-and-parts' },
    { id: 4, name: 'Used Lot', location_type: 'used' },
  ];

  it('spec: catalogue §2 — "tabs for sales, used, service and parts", each with its locations', () => {
    expect(locationTabItems(group, 'type').map((t) => [t.key, t.label, t.locations.map((l) => l.id)])).toEqual([
      ['sales', 'Sales', [1]],
      ['used', 'Used', [4]],
      ['service', 'Service', [2]],
      ['parts', 'Parts', [2, 3]],
    ]);
  });

  it('spec: catalogue §9 — "One tab per location in a group", in the type order of catalogue §4', () => {
    expect(locationTabItems(group, 'location').map((t) => [t.key, t.label, t.locations.map((l) => l.id)])).toEqual([
      ['location-1', 'City Sales', [1]],
      ['location-4', 'Used Lot', [4]],
      ['location-2', 'Service Centre', [2]],
      ['location-3', 'Parts Depot', [3]],
    ]);
    expect(locationTabItems([{ id: 9, name: 'Odd', location_type: 'storage' }], 'location')).toHaveLength(1);
    expect(locationTabItems([{ id: 9, name: 'Odd', location_type: 'storage' }], 'type')).toHaveLength(0);
  });
});
