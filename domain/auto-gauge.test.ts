import { describe, expect, it } from 'vitest';
import {
  AUTO_GAUGE_FAILED,
  GAUGE_ANIMATION_MS,
  GAUGE_MIN_CONFIDENCE,
  NO_DATA_RETURNED,
  PRICE_COUNT_MS,
  dealLabel,
  fillBand,
  gaugeVisible,
  isAutoGaugeResponse,
  readAutoGauge,
  shownDealLabel,
  type AutoGaugeResponse,
} from './auto-gauge';

const response: AutoGaugeResponse = {
  fill: 0.7,
  listing_price: 20000,
  market_range_min: 19000,
  market_range_max: 23000,
  confidence: 0.8,
  description: 'Priced $1,200 below the market average for this model',
};

describe('auto-gauge constants', () => {
  it('spec: catalogue §9 — animation 2.5 s (2 s for the price count); hidden at confidence 0.2 or below', () => {
    expect(GAUGE_ANIMATION_MS).toBe(2500);
    expect(PRICE_COUNT_MS).toBe(2000);
    expect(GAUGE_MIN_CONFIDENCE).toBe(0.2);
  });
  it("spec: catalogue §8 — logs 'Failed to fetch auto gauge data.'; 'No data returned' when empty", () => {
    expect(AUTO_GAUGE_FAILED).toBe('Failed to fetch auto gauge data.');
    expect(NO_DATA_RETURNED).toBe('No data returned');
  });
});

describe('gaugeVisible — spec: catalogue §4 "shown only if the lookup returned all fields, confidence is above 0.2, and market_range_max is not below listing_price"', () => {
  it('shows a complete, confident response', () => {
    expect(gaugeVisible(response)).toBe(true);
  });
  it.each(['fill', 'listing_price', 'market_range_min', 'market_range_max', 'confidence', 'description'] as const)(
    'hides when %s is missing',
    (field) => {
      const partial: Partial<AutoGaugeResponse> = { ...response };
      delete partial[field];
      expect(gaugeVisible(partial)).toBe(false);
    },
  );
  it('hides nothing-answers', () => {
    expect(gaugeVisible(null)).toBe(false);
    expect(gaugeVisible(undefined)).toBe(false);
    expect(gaugeVisible({})).toBe(false);
  });
  it('hides at confidence 0.2 or below, shows just above', () => {
    expect(gaugeVisible({ ...response, confidence: 0.2 })).toBe(false);
    expect(gaugeVisible({ ...response, confidence: 0.1 })).toBe(false);
    expect(gaugeVisible({ ...response, confidence: 0.21 })).toBe(true);
  });
  it('hides when market_range_max is below listing_price; equal still shows', () => {
    expect(gaugeVisible({ ...response, market_range_max: 19999 })).toBe(false);
    expect(gaugeVisible({ ...response, market_range_max: 20000 })).toBe(true);
  });
  it('hides values out of range or of the wrong type', () => {
    expect(gaugeVisible({ ...response, fill: 1.2 })).toBe(false);
    expect(gaugeVisible({ ...response, fill: -0.1 })).toBe(false);
    expect(gaugeVisible({ ...response, confidence: 1.5 })).toBe(false);
    expect(gaugeVisible({ ...response, listing_price: 0 })).toBe(false);
    expect(gaugeVisible({ ...response, market_range_min: 24000 })).toBe(false);
    expect(gaugeVisible({ ...response, fill: Number.NaN })).toBe(false);
    expect(isAutoGaugeResponse({ ...response, listing_price: '20000' })).toBe(false);
  });
});

describe('fillBand — spec: catalogue §9 "under 0.3 low, 0.3 to under 0.6 medium, 0.6 and over high"', () => {
  it.each([
    [0, 'low'],
    [0.299, 'low'],
    [0.3, 'medium'],
    [0.599, 'medium'],
    [0.6, 'high'],
    [1, 'high'],
  ] as const)('%s -> %s', (fill, band) => expect(fillBand(fill)).toBe(band));
});

describe("dealLabel — spec: catalogue §9 \"'Good Deal' below 0.65, otherwise 'Great Deal'\"", () => {
  it.each([
    [0, 'Good Deal'],
    [0.649, 'Good Deal'],
    [0.65, 'Great Deal'],
    [1, 'Great Deal'],
  ] as const)('%s -> %s', (fill, label) => expect(dealLabel(fill)).toBe(label));
});

describe('shownDealLabel — the §9 label, only where the price is below the market (issue 20)', () => {
  it("keeps catalogue §9's rule for a price below the market", () => {
    expect(shownDealLabel(0.64, 'below')).toBe('Good Deal');
    expect(shownDealLabel(0.9, 'below')).toBe('Great Deal');
  });
  it('shows no deal label beside a price at or above the market', () => {
    expect(shownDealLabel(0.9, 'about')).toBeUndefined();
    expect(shownDealLabel(0.1, 'above')).toBeUndefined();
  });
});

describe('market_average (an optional field beyond catalogue §3)', () => {
  it('may be absent or null, and must otherwise be a positive number', () => {
    expect(isAutoGaugeResponse({ ...response, market_average: 21000 })).toBe(true);
    expect(isAutoGaugeResponse({ ...response, market_average: null })).toBe(true);
    expect(isAutoGaugeResponse({ ...response, market_average: '21000' })).toBe(false);
    expect(isAutoGaugeResponse({ ...response, market_average: -1 })).toBe(false);
  });
});

describe('readAutoGauge — spec: catalogue §8 "\'No data returned\' is raised when the response is empty"', () => {
  it.each([null, undefined, '', {}])('throws No data returned for %j', (body) => {
    expect(() => readAutoGauge(body)).toThrow(NO_DATA_RETURNED);
  });
  it('returns a visible response and null for one the gauge hides', () => {
    expect(readAutoGauge(response)).toEqual(response);
    expect(readAutoGauge({ ...response, confidence: 0.2 })).toBeNull();
  });
});
