import { describe, expect, it } from 'vitest';
import { calculate, NO_FEES } from './calculator';
import { indicativeQuote, indicativeWeekly, QUOTE_TERM_YEARS, type IndicativeTerms } from './indicative-quote';

const terms: IndicativeTerms = {
  interestRate: 8.99,
  termYears: 7,
  depositPercent: 10,
  balloonPercent: 30,
  fees: { ...NO_FEES, establishment: 1360.5 },
};

describe("the site's indicative quote (conversion §4.3, §7 item 1)", () => {
  it("is the calculator's weekly repayment at the site's rate, deposit, final payment and fees over 5 years", () => {
    const quote = indicativeQuote(42_990, terms);
    // Worked by hand: deposit $4,299, final payment $12,897, fee financed, 5 years however long the site's calculator starts.
    const byHand = calculate(
      { price: 42_990, years: QUOTE_TERM_YEARS, interest: 8.99, deposit: 4_299, residual: 12_897, frequency: 'weekly' },
      terms.fees,
    );
    expect(quote?.weekly).toBe(byHand.repayment);
    expect(quote?.weekly).toBeGreaterThan(150);
    expect(quote?.weekly).toBeLessThan(170);
    expect(quote?.advertisedRate).toBe(8.99);
    expect(quote?.comparisonRate).toBe(byHand.comparisonRate);
  });

  it("gives nothing where the calculator shows 'Enquire for Finance' or the price is missing", () => {
    expect(indicativeQuote(0, terms)).toBeUndefined();
    expect(indicativeQuote(-5, terms)).toBeUndefined();
    expect(indicativeQuote(250_001, terms)).toBeUndefined();
    expect(indicativeQuote(999, terms)).toBeUndefined();
    expect(indicativeQuote(4_000, terms)).toBeUndefined(); // about $20 a week: 25 or less is not shown
  });

  it('the weekly function reads the same figure as the quote at every price', () => {
    const weekly = indicativeWeekly(terms);
    for (let price = 900; price <= 251_000; price += 997)
      expect(weekly(price)).toBe(indicativeQuote(price, terms)?.weekly);
  });
});
