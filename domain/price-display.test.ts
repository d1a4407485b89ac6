import { describe, expect, it } from 'vitest';
import { priceDisplay, shownPrice } from './price-display';

describe('price display priority (catalogue §4)', () => {
  const on = { subscriptionOffer: true };
  const off = { subscriptionOffer: false };
  it('follows subscription, offer, price, preorder, no-price text', () => {
    expect(priceDisplay({ price: 30000, subscription_price: 199 }, on)).toMatchObject({
      kind: 'subscription',
      amount: 199,
    });
    expect(priceDisplay({ price: 30000, subscription_price: 199 }, off)).toMatchObject({
      kind: 'price',
      amount: 30000,
    });
    expect(priceDisplay({ price: 30000, offer_price: 28000 }, off)).toMatchObject({ kind: 'offer', amount: 28000 });
    expect(priceDisplay({ price: 30000, offer_price: 10 }, off)).toMatchObject({ kind: 'price', amount: 30000 });
    expect(priceDisplay({ price: 0, preorder: true }, off)).toEqual({ kind: 'preorder', text: 'PREORDER' });
    expect(priceDisplay({ price: 0 }, off)).toEqual({ kind: 'none', text: 'Enquire for price.' });
    expect(priceDisplay({ price: 0 }, { subscriptionOffer: false, noPriceText: 'Call us' })).toEqual({
      kind: 'none',
      text: 'Call us',
    });
  });

  it('shows the was-price only when it is above the price shown', () => {
    expect(priceDisplay({ price: 30000, before_price: 32000 }, off)).toMatchObject({ wasPrice: 32000 });
    expect(priceDisplay({ price: 30000, before_price: 30000 }, off)).not.toHaveProperty('wasPrice');
  });

  it('sorts and filters on the price the card shows', () => {
    expect(shownPrice({ price: 30000, offer_price: 28000 })).toBe(28000);
    expect(shownPrice({ price: 30000, offer_price: 10 })).toBe(30000);
    expect(shownPrice({ price: 0 })).toBe(0);
  });
});
