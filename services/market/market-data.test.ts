import { afterEach, describe, expect, it, vi } from 'vitest';
import { gaugeVisible } from '../../domain/auto-gauge';
import {
  EmbeddedMarketData,
  HttpMarketData,
  estimateAutoGauge,
  marketDataFromEnv,
  type MarketCar,
} from './market-data';

const car = (price: number, autograb_data: unknown, offer_price?: number): MarketCar => ({
  slug: '2021-mazda-cx-5-1',
  price,
  offer_price,
  autograb_data,
});

describe('EmbeddedMarketData (from the feed autograb_data, catalogue §3)', () => {
  it('answers the catalogue §3 shape around the state average, with confidence 0.8 when both averages exist', async () => {
    const answer = await new EmbeddedMarketData().autoGauge(
      car(23800, { state_average_market_price: 25000, average_market_price: 26000 }),
      'AUD',
    );
    expect(answer).toEqual({
      fill: 0.8,
      listing_price: 23800,
      market_range_min: 23000,
      market_range_max: 27000,
      confidence: 0.8,
      description: 'Priced $1,200 below the market average for this model',
      market_average: 25000,
    });
  });

  it('uses the national average when the state one is absent, with confidence 0.5; numeric strings count', () => {
    const answer = estimateAutoGauge(
      car(20000, { average_market_price: '20000', state_average_market_price: null }),
      'AUD',
    );
    expect(answer).toMatchObject({
      fill: 0.5,
      market_range_min: 18400,
      market_range_max: 21600,
      confidence: 0.5,
      description: 'Priced close to the market average for this model',
      market_average: 20000,
    });
  });

  it('compares the shown price (offer price above 10, catalogue §4), and says when it is above the average', () => {
    expect(estimateAutoGauge(car(30000, { average_market_price: 20000 }, 21000), 'AUD')).toMatchObject({
      listing_price: 21000,
      description: 'Priced $1,000 above the market average for this model',
    });
  });

  it('widens the range to a price within 15% of the average', () => {
    expect(estimateAutoGauge(car(22500, { average_market_price: 20000 }), 'AUD')).toMatchObject({
      market_range_max: 22500,
      fill: 0,
    });
    expect(estimateAutoGauge(car(17500, { average_market_price: 20000 }), 'AUD')).toMatchObject({
      market_range_min: 17500,
      fill: 1,
    });
  });

  it('leaves a price more than 15% above the average outside the range, so the gauge hides (catalogue §4)', () => {
    const answer = estimateAutoGauge(car(24000, { average_market_price: 20000 }), 'AUD');
    expect(answer).toMatchObject({ market_range_max: 21600, fill: 0 });
    expect(gaugeVisible(answer)).toBe(false);
  });

  it('pins a price far below the market at a full gauge', () => {
    expect(estimateAutoGauge(car(15000, { average_market_price: 20000 }), 'AUD')).toMatchObject({
      market_range_min: 18400,
      fill: 1,
    });
  });

  it('writes the difference in the site currency', () => {
    // AUD and NZD both read '$1,000' on their own sites; a currency written by its code shows the
    // amount really goes through the currency it is given, not a fixed one.
    expect(estimateAutoGauge(car(30000, { average_market_price: 20000 }, 21000), 'NZD')?.description).toMatch(
      /^Priced \$1,000 above the market average/,
    );
    expect(estimateAutoGauge(car(30000, { average_market_price: 20000 }, 21000), 'USD')?.description).toMatch(
      /^Priced USD\s1,000 above the market average/,
    );
  });

  it('has no answer without an average or without a price', () => {
    expect(estimateAutoGauge(car(20000, undefined), 'AUD')).toBeNull();
    expect(
      estimateAutoGauge(car(20000, { average_market_price: 0, state_average_market_price: 'n/a' }), 'AUD'),
    ).toBeNull();
    expect(estimateAutoGauge(car(20000, 'not an object'), 'AUD')).toBeNull();
    expect(estimateAutoGauge(car(0, { average_market_price: 20000 }), 'AUD')).toBeNull();
  });
});

describe('HttpMarketData', () => {
  const good = {
    fill: 0.7,
    listing_price: 20000,
    market_range_min: 19000,
    market_range_max: 23000,
    confidence: 0.9,
    description: 'Below market',
  };
  const stubFetch = (response: Response) => {
    const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response);
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
  afterEach(() => void vi.unstubAllGlobals());

  it('calls the configured URL with the slug and a bearer token, and passes on only the §3 fields', async () => {
    const fetchMock = stubFetch(Response.json({ ...good, internal_id: 7 }));
    const provider = new HttpMarketData({ url: 'https://market.example/v1/{slug}/gauge', apiKey: 'secret' });
    await expect(provider.autoGauge({ slug: 'a b' })).resolves.toEqual(good);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://market.example/v1/a%20b/gauge');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer secret');
  });

  it('sends no authorization without a key', async () => {
    const fetchMock = stubFetch(Response.json(good));
    await new HttpMarketData({ url: 'https://market.example/{slug}' }).autoGauge({ slug: 'x' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it.each([
    ['404', () => new Response('nope', { status: 404 })],
    ['204', () => new Response(null, { status: 204 })],
    ['an empty body', () => new Response('', { status: 200 })],
    ['null', () => Response.json(null)],
    ['{}', () => Response.json({})],
  ])('answers null for %s', async (_name, make) => {
    stubFetch(make());
    await expect(
      new HttpMarketData({ url: 'https://market.example/{slug}' }).autoGauge({ slug: 'x' }),
    ).resolves.toBeNull();
  });

  it('rejects on a server error or an answer that is not the §3 shape', async () => {
    const provider = new HttpMarketData({ url: 'https://market.example/{slug}' });
    stubFetch(new Response('down', { status: 503 }));
    await expect(provider.autoGauge({ slug: 'x' })).rejects.toThrow('503');
    stubFetch(Response.json({ ...good, fill: '0.7' }));
    await expect(provider.autoGauge({ slug: 'x' })).rejects.toThrow('invalid');
    stubFetch(new Response('<html>', { status: 200 }));
    await expect(provider.autoGauge({ slug: 'x' })).rejects.toThrow();
  });
});

describe('marketDataFromEnv', () => {
  it('is embedded without MARKET_DATA_URL and HTTP with it', () => {
    expect(marketDataFromEnv({})).toBeInstanceOf(EmbeddedMarketData);
    expect(marketDataFromEnv({ MARKET_DATA_URL: '  ' })).toBeInstanceOf(EmbeddedMarketData);
    expect(
      marketDataFromEnv({ MARKET_DATA_URL: 'https://market.example/{slug}', MARKET_DATA_API_KEY: 'k' }),
    ).toBeInstanceOf(HttpMarketData);
  });
  it('refuses a URL without the {slug} placeholder or that is not an address', () => {
    expect(() => marketDataFromEnv({ MARKET_DATA_URL: 'https://market.example/gauge' })).toThrow('{slug}');
    expect(() => marketDataFromEnv({ MARKET_DATA_URL: 'not a url {slug}' })).toThrow('valid');
  });
});
