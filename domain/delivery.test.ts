import { describe, expect, it } from 'vitest';
import { DELIVERY_POSTCODE_REQUIRED, DELIVERY_UNKNOWN_POSTCODE, deliveryQuote } from './delivery';

const regions = [
  { name: 'Sydney metro', price: 0, postcodes: ['2000-2249', '2555-2574'] },
  { name: 'Brisbane metro', price: 490, postcodes: ['4000-4179'] },
  { name: 'Hobart', price: 1290, postcodes: ['7000'] },
];

// spec: catalogue §5 — a blank postcode gives 'Please enter a postcode.'; an unknown postcode gives the estimate message.
describe('deliveryQuote', () => {
  it('asks for a postcode when blank', () => {
    expect(deliveryQuote('  ', regions)).toEqual({ ok: false, message: DELIVERY_POSTCODE_REQUIRED });
    expect(DELIVERY_POSTCODE_REQUIRED).toBe('Please enter a postcode.');
  });

  it('finds the region by range or single postcode', () => {
    expect(deliveryQuote('2150', regions)).toEqual({ ok: true, name: 'Sydney metro', price: 0 });
    expect(deliveryQuote('4179', regions)).toEqual({ ok: true, name: 'Brisbane metro', price: 490 });
    expect(deliveryQuote(' 7000 ', regions)).toEqual({ ok: true, name: 'Hobart', price: 1290 });
  });

  it('cannot estimate unknown or malformed postcodes', () => {
    for (const postcode of ['6000', '7001', '20000', 'abcd', '2 15'])
      expect(deliveryQuote(postcode, regions)).toEqual({ ok: false, message: DELIVERY_UNKNOWN_POSTCODE });
    expect(DELIVERY_UNKNOWN_POSTCODE).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });
});
