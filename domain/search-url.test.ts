import { describe, expect, it } from 'vitest';
import {
  buildSearchUrl,
  DEFAULT_SEARCH_PATH,
  parseRange,
  parseSearchUrl,
  STOCK_TYPE_SLUGS,
  type SearchState,
  type SearchUrlContext,
} from './search-url';

const context: SearchUrlContext = {
  makes: ['Toyota', 'Land Rover', 'Mercedes-Benz', 'Mazda'],
  models: {
    Toyota: ['Corolla', 'HiLux', 'LandCruiser 70'],
    'Land Rover': ['Range Rover Evoque'],
    Mazda: ['Mazda3', 'CX-5'],
  },
  locations: [{ slug: 'brisbane-city', name: 'Brisbane City' }],
  dealerships: [{ slug: 'metro-toyota', name: 'Metro Toyota' }],
  bodies: ['SUV', 'Cab Chassis'],
};
const state = (partial: Partial<SearchState> = {}): SearchState => ({
  refinements: {},
  ranges: {},
  query: '',
  page: 1,
  ...partial,
});
const parse = (path: string, query = '') =>
  parseSearchUrl(path.split('/').filter(Boolean), new URLSearchParams(query), context);
const parseUrl = (url: string) => {
  const parsed = new URL(url, 'https://dealer.example');
  return parseSearchUrl(parsed.pathname.split('/').filter(Boolean).slice(1), parsed.searchParams, context);
};

describe('search URL constants', () => {
  // spec: conversion §2.1 — search route /search/new-used-and-demo-cars; stock type slugs used-cars, demo-cars, new-cars.
  it('matches the spec', () => {
    expect(DEFAULT_SEARCH_PATH).toBe('/search/new-used-and-demo-cars');
    expect(Object.values(STOCK_TYPE_SLUGS).sort()).toEqual(['demo-cars', 'new-cars', 'used-cars']);
  });
});

describe('parseSearchUrl', () => {
  // spec: conversion §2.2 — /search/{type}-cars, /search/new-and-demo-cars, otherwise the default path.
  it('reads car types from the path', () => {
    expect(parse('')).toEqual(state());
    expect(parse('new-used-and-demo-cars')).toEqual(state());
    expect(parse('used-cars')).toEqual(state({ refinements: { car_type: ['used'] } }));
    expect(parse('demo-cars')).toEqual(state({ refinements: { car_type: ['demo'] } }));
    expect(parse('NEW-CARS')).toEqual(state({ refinements: { car_type: ['new'] } }));
    expect(parse('new-and-demo-cars')).toEqual(state({ refinements: { car_type: ['new', 'demo'] } }));
  });

  // spec: conversion §2.2 — /search/{make} or /search/{make}/{model}; location and dealership slugs; body facet tiles.
  it('reads makes, models, bodies, locations and dealerships from the path', () => {
    expect(parse('land-rover')).toEqual(state({ refinements: { make: ['Land Rover'] } }));
    expect(parse('land-rover/range-rover-evoque')).toEqual(
      state({ refinements: { make: ['Land Rover'], model: ['Range Rover Evoque'] } }),
    );
    expect(parse('toyota/landcruiser-70')?.refinements).toEqual({ make: ['Toyota'], model: ['LandCruiser 70'] });
    expect(parse('cab-chassis')?.refinements).toEqual({ simple_body: ['Cab Chassis'] });
    expect(parse('brisbane-city')?.refinements).toEqual({ location_name: ['Brisbane City'] });
    expect(parse('metro-toyota')?.refinements).toEqual({ dealership_name: ['Metro Toyota'] });
  });

  // spec: conversion §2.2 — only the listed search paths exist.
  it('rejects paths it does not know, so the page can 404', () => {
    expect(parse('holden')).toBeUndefined();
    expect(parse('toyota/cx-5')).toBeUndefined();
    expect(parse('brisbane-city/corolla')).toBeUndefined();
    expect(parse('toyota/corolla/extra')).toBeUndefined();
    expect(parse('new-used-and-demo-cars/toyota')).toBeUndefined();
  });

  // spec: conversion §2.2 — menu selections as refinementList[field][0]=value.
  it('reads refinement lists in index order, ignoring unknown fields, and merges them with the path', () => {
    const query =
      'refinementList[make][1]=Mazda&refinementList[make][0]=toyota&refinementList[secret][0]=x&refinementList[colour][0]=Red&refinementList[colour][1]=Red';
    expect(parse('toyota', query)?.refinements).toEqual({ make: ['Toyota', 'Mazda'], colour: ['Red'] });
    expect(parse('', 'refinementList%5Bsimple_body%5D%5B0%5D=SUV')?.refinements).toEqual({ simple_body: ['SUV'] });
  });

  // spec: catalogue §2 Search results — search state lives in URL parameters query, page, sortBy.
  it('reads query, page and sortBy', () => {
    expect(parse('', 'query=%20hilux%20sr5&page=3&sortBy=lowestPrice')).toEqual(
      state({ query: 'hilux sr5', page: 3, sortBy: 'lowestPrice' }),
    );
    for (const page of ['0', '-2', '1.5', 'abc', '']) expect(parse('', `page=${page}`)?.page).toBe(1);
  });

  // spec: conversion §2.2 — price range is written as range[price]=min:max.
  it('reads ranges with open sides, ignoring non-numbers and swapping reversed bounds', () => {
    expect(parse('', 'range[price]=5000:20000')?.ranges).toEqual({ price: { min: 5000, max: 20000 } });
    expect(parse('', 'range[price]=:20000&range[km]=1000:')?.ranges).toEqual({
      price: { max: 20000 },
      km: { min: 1000 },
    });
    expect(parse('', 'range[price]=abc:20000&range[year]=2024:2018')?.ranges).toEqual({
      price: { max: 20000 },
      year: { min: 2018, max: 2024 },
    });
    expect(parse('', 'range[price]=abc:&range[seats]=2:5&range[km]=100')?.ranges).toEqual({});
    expect(parseRange('5000:5000')).toEqual({ min: 5000, max: 5000 });
  });
});

describe('buildSearchUrl', () => {
  // spec: conversion §2.2 — /search/{type}-cars for a car type; /search/new-and-demo-cars for a car_type refinement.
  it('puts a car type in the path', () => {
    expect(buildSearchUrl(state())).toBe('/search/new-used-and-demo-cars');
    expect(buildSearchUrl(state({ refinements: { car_type: ['used'] } }))).toBe('/search/used-cars');
    expect(buildSearchUrl(state({ refinements: { car_type: ['demo'] } }))).toBe('/search/demo-cars');
    expect(buildSearchUrl(state({ refinements: { car_type: ['demo', 'new'] } }))).toBe('/search/new-and-demo-cars');
    expect(buildSearchUrl(state({ refinements: { car_type: ['new', 'used'] } }))).toBe(
      '/search/new-used-and-demo-cars?refinementList[car_type][0]=new&refinementList[car_type][1]=used',
    );
  });

  // spec: conversion §2.2 — /search/{make} or /search/{make}/{model}; otherwise the default search path.
  it('puts one make and at most one model in the path when no car type is there', () => {
    expect(buildSearchUrl(state({ refinements: { make: ['Land Rover'] } }))).toBe('/search/land-rover');
    expect(buildSearchUrl(state({ refinements: { make: ['Land Rover'], model: ['Range Rover Evoque'] } }))).toBe(
      '/search/land-rover/range-rover-evoque',
    );
    expect(buildSearchUrl(state({ refinements: { car_type: ['used'], make: ['Toyota'] } }))).toBe(
      '/search/used-cars?refinementList[make][0]=Toyota',
    );
    expect(buildSearchUrl(state({ refinements: { car_type: ['new', 'used'], make: ['Toyota'] } }))).toBe(
      '/search/toyota?refinementList[car_type][0]=new&refinementList[car_type][1]=used',
    );
    expect(buildSearchUrl(state({ refinements: { make: ['Toyota', 'Mazda'] } }))).toBe(
      '/search/new-used-and-demo-cars?refinementList[make][0]=Toyota&refinementList[make][1]=Mazda',
    );
    expect(buildSearchUrl(state({ refinements: { model: ['Corolla'] } }))).toBe(
      '/search/new-used-and-demo-cars?refinementList[model][0]=Corolla',
    );
  });

  // spec: conversion §2.2 — range[price]=min:max; refinementList[field][0]=value; page only when not 1.
  it('writes the rest as parameters in a fixed order, page only when not 1', () => {
    const url = buildSearchUrl(
      state({
        refinements: { colour: ['Red', 'Blue & White'], make: ['Mazda'], simple_body: ['SUV'] },
        ranges: { km: { max: 50000 }, price: { min: 5000, max: 20000 } },
        query: 'sr5 turbo',
        sortBy: 'lowestPrice',
        page: 2,
      }),
    );
    expect(url).toBe(
      '/search/mazda?refinementList[simple_body][0]=SUV&refinementList[colour][0]=Red&refinementList[colour][1]=Blue%20%26%20White' +
        '&range[price]=5000:20000&range[km]=:50000&query=sr5%20turbo&sortBy=lowestPrice&page=2',
    );
    expect(buildSearchUrl(state({ page: 1, query: 'x' }), '/stock/')).toBe('/stock/new-used-and-demo-cars?query=x');
  });

  // spec: conversion §2.2 — the URL carries the whole search state, so parsing a built URL gives the state back.
  it('round-trips states built from known makes and models', () => {
    const states: SearchState[] = [
      state(),
      state({ refinements: { car_type: ['used'] }, page: 4 }),
      state({ refinements: { car_type: ['new', 'demo'], make: ['Mazda'], model: ['CX-5'] }, sortBy: 'latest' }),
      state({ refinements: { make: ['Toyota'], model: ['LandCruiser 70'] }, ranges: { price: { min: 20000 } } }),
      state({
        refinements: { make: ['Mercedes-Benz'], colour: ['Black'], year: ['2022', '2023'] },
        ranges: { year: { min: 2018, max: 2024 }, km: { max: 1e21 } },
      }),
      state({
        refinements: {
          make: ['Toyota', 'Land Rover'],
          model: ['HiLux', 'Range Rover Evoque'],
          location_name: ['Brisbane City'],
        },
        query: 'a&b=c?#',
      }),
      state({
        refinements: {
          car_type: ['new', 'used'],
          make: ['Toyota'],
          dealership_name: ['Metro Toyota'],
          tag: ['Runout Sale'],
          state: ['QLD'],
        },
      }),
      state({
        refinements: {
          simple_body: ['Cab Chassis'],
          simple_fuel: ['Diesel'],
          simple_transmission: ['Manual'],
          drive: ['4X4'],
        },
        page: 12,
      }),
    ];
    for (const original of states) expect(parseUrl(buildSearchUrl(original))).toEqual(original);
  });
});

describe('weekly repayments in the URL', () => {
  // spec: catalogue §3 Search facets: ... weekly_price_range
  it('reads refinementList[weekly_price_range] as bucket labels and writes them back', () => {
    const url = buildSearchUrl(
      state({
        refinements: { car_type: ['used'], weekly_price_range: ['Under $100 a week', '$150 to $200 a week'] },
      }),
    );
    expect(url).toBe(
      '/search/used-cars?refinementList[weekly_price_range][0]=Under%20%24100%20a%20week&refinementList[weekly_price_range][1]=%24150%20to%20%24200%20a%20week',
    );
    expect(parseUrl(url)?.refinements.weekly_price_range).toEqual(['Under $100 a week', '$150 to $200 a week']);
  });

  it('spells a bucket as its own label whatever the case, and ignores text that names no bucket', () => {
    const parsed = parse(
      '',
      'refinementList[weekly_price_range][0]=over%20%24300%20A%20WEEK&refinementList[weekly_price_range][1]=cheap&refinementList[weekly_price_range][2]=%24100%20to%20%24151%20a%20week',
    );
    expect(parsed?.refinements.weekly_price_range).toEqual(['Over $300 a week']);
    expect(parse('', 'refinementList[weekly_price_range][0]=cheap')?.refinements).toEqual({});
  });
});

describe('price bands, subscription bands, categories and features in the URL', () => {
  // spec: catalogue §3 Search facets: categories, filtered_features, price_range, subscription_price
  it('round-trips refinementList[...] for each new facet, after the older ones', () => {
    const original = state({
      refinements: {
        make: ['Mazda', 'Toyota'],
        price_range: ['Under $10,000', '$20,000 to $30,000'],
        subscription_price_range: ['$100 to $150 a week'],
        categories: ['SUV', 'Electric & hybrid'],
        filtered_features: ['Apple CarPlay', 'Heated seats'],
      },
    });
    const url = buildSearchUrl(original);
    expect(url).toBe(
      '/search/new-used-and-demo-cars?refinementList[make][0]=Mazda&refinementList[make][1]=Toyota' +
        '&refinementList[price_range][0]=Under%20%2410%2C000&refinementList[price_range][1]=%2420%2C000%20to%20%2430%2C000' +
        '&refinementList[subscription_price_range][0]=%24100%20to%20%24150%20a%20week' +
        '&refinementList[categories][0]=SUV&refinementList[categories][1]=Electric%20%26%20hybrid' +
        '&refinementList[filtered_features][0]=Apple%20CarPlay&refinementList[filtered_features][1]=Heated%20seats',
    );
    expect(parseUrl(url)).toEqual(original);
  });

  it('spells each value as its own label whatever the case, and leaves out text that names none', () => {
    const parsed = parse(
      '',
      [
        'refinementList[price_range][0]=over%20%24100%2C000',
        'refinementList[price_range][1]=%245%2C000%20to%20%2410%2C000',
        'refinementList[subscription_price_range][0]=UNDER%20%24100%20A%20WEEK',
        'refinementList[categories][0]=suv',
        'refinementList[categories][1]=sedan',
        'refinementList[filtered_features][0]=apple%20carplay',
        'refinementList[filtered_features][1]=jet%20pack',
        'refinementList[filtered_features][2]=APPLE%20CARPLAY',
      ].join('&'),
    );
    expect(parsed?.refinements).toEqual({
      price_range: ['Over $100,000'],
      subscription_price_range: ['Under $100 a week'],
      categories: ['SUV'],
      filtered_features: ['Apple CarPlay'],
    });
  });
});
