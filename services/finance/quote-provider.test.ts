import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedFinanceSettings } from '../../schemas/types.generated';
import { indicativeWeekly } from '../../domain/finance/indicative-quote';
import {
  EmbeddedQuoteProvider,
  HttpQuoteProvider,
  quoteForCar,
  tenantFees,
  type QuoteProvider,
} from './quote-provider';

// quoteForCar reads only the estimates switch; the providers under test ignore the rest.
const finance = { estimates: true } as ResolvedFinanceSettings;
const car = { price: 32_990, year: 2021, vin: 'JM0DK2W7A00000001' };

afterEach(() => vi.unstubAllGlobals());

// spec: conversion §4.3 — "The quote is requested only when the feature is on, no quote exists yet
// and price is above 0."
describe('quoteForCar: when a quote is asked for at all (conversion §4.3)', () => {
  const counting = () => {
    const asked: unknown[] = [];
    const provider: QuoteProvider = {
      quote: async (request) => {
        asked.push(request);
        return { weeklyRepaymentAmount: 100, advertisedRate: 7.49, comparisonRate: 8.1 };
      },
    };
    return { provider, asked };
  };

  it('asks with estimates on, no quote on the car and a price above 0', async () => {
    const { provider, asked } = counting();
    expect(await quoteForCar(provider, finance, car)).toMatchObject({ weeklyRepaymentAmount: 100 });
    expect(asked).toHaveLength(1);
  });

  it('never asks with estimates off', async () => {
    const { provider, asked } = counting();
    expect(await quoteForCar(provider, { ...finance, estimates: false }, car)).toBeNull();
    expect(asked).toHaveLength(0);
  });

  it('never asks again for a car that already has a quote', async () => {
    const { provider, asked } = counting();
    expect(await quoteForCar(provider, finance, { ...car, youxQuote: { weeklyRepaymentAmount: 90 } })).toBeNull();
    expect(asked).toHaveLength(0);
  });

  it('never asks for a car with no price', async () => {
    const { provider, asked } = counting();
    expect(await quoteForCar(provider, finance, { ...car, price: 0 })).toBeNull();
    expect(asked).toHaveLength(0);
  });
});

describe('quoteForCar: an instant quote failure is swallowed (conversion §8)', () => {
  it('a provider that throws gives no quote instead of an error', async () => {
    const failing: QuoteProvider = { quote: () => Promise.reject(new Error('lender down')) };
    await expect(quoteForCar(failing, finance, car)).resolves.toBeNull();
  });

  it('a lender service answering 503 gives no quote', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"error":"busy"}', { status: 503 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(quoteForCar(new HttpQuoteProvider('https://lender.example/quote'), finance, car)).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an unreachable lender service gives no quote', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    await expect(quoteForCar(new HttpQuoteProvider('https://lender.example/quote'), finance, car)).resolves.toBeNull();
  });

  it('a working lender service is asked with the conversion §7 body and its quote is used', async () => {
    const quote = { weeklyRepaymentAmount: 123.45, advertisedRate: 8.99, comparisonRate: 9.5 };
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(Response.json(quote)));
    vi.stubGlobal('fetch', fetchMock);
    await expect(quoteForCar(new HttpQuoteProvider('https://lender.example/quote'), finance, car)).resolves.toEqual(
      quote,
    );
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 32_990,
      loanTerm: 5,
      year: 2021,
      vin: 'JM0DK2W7A00000001',
      whoIsHelping: '',
    });
  });
});

describe("EmbeddedQuoteProvider: the site's indicative quote (conversion §4.3)", () => {
  it('answers with the same weekly figure the weekly-repayments facet buckets cars by', async () => {
    const site = {
      estimates: true,
      interestRate: 8.99,
      depositPercent: 10,
      balloonPercent: 30,
      fees: { establishment: 1360.5, securityRegistration: 0, dealerAgency: 0, monthlyAccount: 0 },
      bounds: {},
    } as unknown as ResolvedFinanceSettings;
    const quote = await quoteForCar(new EmbeddedQuoteProvider(), site, car);
    expect(quote?.weeklyRepaymentAmount).toBe(indicativeWeekly({ ...site, fees: tenantFees(site) })(32_990));
    expect(quote?.weeklyRepaymentAmount).toBeGreaterThan(100);
    expect(quote?.weeklyRepaymentAmount).toBeLessThan(150);
    expect(quote?.advertisedRate).toBe(8.99);
    await expect(quoteForCar(new EmbeddedQuoteProvider(), site, { price: 0 })).resolves.toBeNull();
  });
});
