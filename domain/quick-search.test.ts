import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_BANDS,
  QUICK_SEARCH_PARAMS,
  priceBandLabel,
  priceBandValue,
  quickSearchState,
  quickSearchUrl,
  showMeLabel,
} from './quick-search';
import { parseSearchUrl } from './search-url';

const context = { makes: ['Kia', 'Mazda'], models: { Mazda: ['CX-5'] }, locations: [], dealerships: [] };

describe('quick search', () => {
  // spec: catalogue §2 — a 'Show Me N cars' button goes to the search page.
  it('labels the button with the live count and the vehicle word', () => {
    expect(showMeLabel(1234, 'car')).toBe('Show Me 1,234 cars');
    expect(showMeLabel(1, 'car')).toBe('Show Me 1 car');
    expect(showMeLabel(0, 'bike')).toBe('Show Me 0 bikes');
  });

  // spec: conversion §2.2 — /search/{make}/{model}, /search/{type}-cars, range[price]=min:max.
  it('builds the canonical search URL for the choices', () => {
    expect(quickSearchUrl({})).toBe('/search/new-used-and-demo-cars');
    expect(quickSearchUrl({ make: 'Mazda', model: 'CX-5' })).toBe('/search/mazda/cx-5');
    expect(quickSearchUrl({ car_type: 'used' })).toBe('/search/used-cars');
    expect(quickSearchUrl({ make: 'Kia', body: 'SUV', price: '10000:20000' })).toBe(
      '/search/kia?refinementList[simple_body][0]=SUV&range[price]=10000:20000',
    );
  });

  it('drops a model without its make and ignores blank or broken values', () => {
    expect(quickSearchState({ model: 'CX-5', price: 'abc', body: ' ' })).toEqual(quickSearchState({}));
  });

  it('uses the search page own parameters, so the plain form lands on the same search', () => {
    const params = new URLSearchParams();
    params.set(QUICK_SEARCH_PARAMS.make, 'Mazda');
    params.set(QUICK_SEARCH_PARAMS.model, 'CX-5');
    params.set(QUICK_SEARCH_PARAMS.price, ':10000');
    params.set(QUICK_SEARCH_PARAMS.body, '');
    const parsed = parseSearchUrl(['new-used-and-demo-cars'], params, context);
    expect(parsed?.refinements).toEqual({ make: ['Mazda'], model: ['CX-5'] });
    expect(parsed?.ranges).toEqual({ price: { max: 10000 } });
    expect(quickSearchState({ make: 'Mazda', model: 'CX-5', price: ':10000' })).toMatchObject({
      refinements: parsed?.refinements,
      ranges: parsed?.ranges,
    });
  });

  // spec: conversion §9 — money quick picks $5,000 to $70,000.
  it('offers price bands with no gaps up to $70,000 and above', () => {
    expect(DEFAULT_PRICE_BANDS.map((b) => priceBandLabel(b, 'AUD'))).toEqual([
      'Under $10,000',
      '$10,000 to $20,000',
      '$20,000 to $30,000',
      '$30,000 to $50,000',
      '$50,000 to $70,000',
      'Over $70,000',
    ]);
    expect(DEFAULT_PRICE_BANDS.map(priceBandValue)[0]).toBe(':10000');
  });
});
