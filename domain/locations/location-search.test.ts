import { describe, expect, it } from 'vitest';
import {
  filterLocationsByQuery,
  LOCATION_QUERY_PARAM,
  matchesLocationQuery,
  type SearchableLocation,
} from './location-search';

const harbour: SearchableLocation = {
  name: 'Harbour City Mazda',
  location_type: 'sales',
  address: { street: '120 Botany Road', postcode: '2015' },
};
const parramatta: SearchableLocation = {
  name: 'Southern Cross Motors Parramatta',
  location_type: '',
  address: { street: '310 Church Street', postcode: '2150' },
};
const brisbane: SearchableLocation = {
  name: 'Southern Cross Motors Brisbane Service & Parts',
  location_type: 'service-and-parts',
  address: { street: '24 Compton Road', postcode: '4119' },
};

describe('location text search', () => {
  // spec: catalogue §2 — the box "writes its value to the query parameter locationQuery on every change".
  it('uses the locationQuery URL parameter', () => {
    expect(LOCATION_QUERY_PARAM).toBe('locationQuery');
  });

  // spec: catalogue §5 — "The location text search matches name, postcode, street and location type, case-insensitively."
  it('matches the name, postcode, street and location type, ignoring case', () => {
    expect(matchesLocationQuery(harbour, 'HARBOUR city')).toBe(true);
    expect(matchesLocationQuery(harbour, '2015')).toBe(true);
    expect(matchesLocationQuery(harbour, 'botany rd')).toBe(false);
    expect(matchesLocationQuery(harbour, 'Botany Road')).toBe(true);
    expect(matchesLocationQuery(brisbane, 'service-and-parts')).toBe(true);
    expect(matchesLocationQuery(brisbane, 'PARTS')).toBe(true);
  });

  it('does not match other fields', () => {
    const withCity = { ...harbour, address: { ...harbour.address, city: 'Alexandria' } } as SearchableLocation;
    expect(matchesLocationQuery(withCity, 'Alexandria')).toBe(false);
    expect(matchesLocationQuery(harbour, 'toyota')).toBe(false);
  });

  // spec: catalogue §2 — "an empty location type means sales".
  it('finds an empty-type location by the word sales', () => {
    expect(matchesLocationQuery(parramatta, 'sales')).toBe(true);
    expect(matchesLocationQuery(parramatta, 'service')).toBe(false);
  });

  it('trims the query, and an empty query matches everything', () => {
    expect(matchesLocationQuery(harbour, '  2015  ')).toBe(true);
    expect(matchesLocationQuery(harbour, '')).toBe(true);
    expect(matchesLocationQuery(harbour, '   ')).toBe(true);
  });

  it('needs every word to occur in one of the fields', () => {
    expect(matchesLocationQuery(harbour, 'mazda 2015')).toBe(true);
    expect(matchesLocationQuery(harbour, 'mazda 2150')).toBe(false);
  });

  it('copes with a location without an address or type', () => {
    expect(matchesLocationQuery({ name: 'Pop-up Store' }, 'pop')).toBe(true);
    expect(matchesLocationQuery({ name: 'Pop-up Store', address: null, location_type: null }, '2000')).toBe(false);
  });

  it('filters a list keeping its order', () => {
    expect(filterLocationsByQuery([brisbane, harbour, parramatta], 'road').map((l) => l.name)).toEqual([
      brisbane.name,
      harbour.name,
    ]);
    expect(filterLocationsByQuery([brisbane, harbour], '')).toHaveLength(2);
  });
});
