import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AutoGaugeResponse } from '../../domain/auto-gauge';
import { Gauge } from './MarketGauge.client';

// Issue 20: the gauge showed 'Great Deal' beside 'Market position: high' for a car near the bottom of
// its range. The fill bands of catalogue §9 colour the arc; the shopper reads the price in money.
const nearBottom: AutoGaugeResponse = {
  fill: 0.9,
  listing_price: 31790,
  market_range_min: 30360,
  market_range_max: 35640,
  confidence: 0.8,
  description: 'Priced $1,210 below the market average for this model',
  market_average: 33000,
};
const render = (gauge: AutoGaugeResponse) =>
  renderToStaticMarkup(<Gauge gauge={gauge} heading="How this price compares" currency="AUD" />);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the market gauge (catalogue §9, issue 20)', () => {
  it('says how far below the market average the price is, and never puts the fill band into words', () => {
    const html = render(nearBottom);
    expect(text(html)).toContain('Priced $1,210 below the market average for this model');
    expect(text(html)).toContain('Within the market range of $30,360 to $35,640');
    // The band stays a class hook (market-gauge--high) for styling and tests, never words a shopper reads or hears.
    expect(text(html)).not.toMatch(/Market position|\bhigh\b/i);
    expect(html).not.toMatch(/aria-label="[^"]*\b(high|medium|low)\b/i);
    // The provider's description repeats the sentence here: shown once.
    expect(text(html).split('Priced $1,210 below').length - 1).toBe(1);
  });

  // spec: catalogue §9 — "Deal label 'Good Deal' below 0.65, otherwise 'Great Deal'".
  it("keeps the catalogue's deal label for a price below the market", () => {
    expect(text(render(nearBottom))).toContain('Great Deal');
    expect(text(render({ ...nearBottom, fill: 0.6 }))).toContain('Good Deal');
  });

  it('shows no deal label beside a price above the market average', () => {
    const html = render({
      ...nearBottom,
      fill: 0.1,
      listing_price: 35000,
      description: 'Dealer listing compared with 42 similar cars',
    });
    expect(text(html)).toContain('Priced $2,000 above the market average for this model');
    expect(html).not.toMatch(/Good Deal|Great Deal/);
    expect(text(html)).toContain('Dealer listing compared with 42 similar cars');
  });

  it('names the sentence in the picture for screen readers', () => {
    expect(render(nearBottom)).toContain(
      'aria-label="Great Deal: Priced $1,210 below the market average for this model. Listing price $31,790. Within the market range of $30,360 to $35,640."',
    );
  });
});
