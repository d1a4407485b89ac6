import { describe, expect, it } from 'vitest';
import { provenanceLabel, SERVER_VALUATION_KEY, shopperExtraKey, shopperExtras } from './lead-extras';

describe('values kept with a lead: the server’s apart from the shopper’s (issue 14)', () => {
  it("keeps a shopper's value under a shopper-supplied name when it could pass for the server's", () => {
    expect(shopperExtraKey('valuation')).toBe('shopper_supplied.valuation');
    expect(shopperExtraKey(SERVER_VALUATION_KEY)).toBe('shopper_supplied.server.valuation');
    expect(shopperExtraKey('colour')).toBe('colour');
    expect(shopperExtras({ valuation: '65000', 'server.valuation': '{"price":65000}', colour: 'red' })).toEqual({
      'shopper_supplied.valuation': '65000',
      'shopper_supplied.server.valuation': '{"price":65000}',
      colour: 'red',
    });
  });

  it('labels the server’s valuation and anything the shopper supplied for the dealer', () => {
    const plain = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
    expect(provenanceLabel(SERVER_VALUATION_KEY, plain)).toBe('Trade-in valuation (calculated by our website)');
    expect(provenanceLabel('shopper_supplied.valuation', plain)).toBe(
      'Valuation (supplied by the shopper, not checked by us)',
    );
    expect(provenanceLabel('server.odometer', plain)).toBe('Odometer (from our website)');
    expect(provenanceLabel('colour', plain)).toBeUndefined();
  });
});
