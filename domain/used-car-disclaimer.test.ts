import { describe, expect, it } from 'vitest';
import { USED_CAR_DISCLAIMER_SHORT, usedCarDisclaimer } from './used-car-disclaimer';

const long =
  'Used vehicles are sold with the balance of any remaining factory warranty. Kilometres are as shown at the time of listing and may change.';

describe('the used-car disclaimer (catalogue §4)', () => {
  // spec: catalogue §4 — "The used-cars disclaimer on a search card toggles between short and full text."
  it('gives a long disclaimer a short form ending in an ellipsis, and keeps the full text', () => {
    const shown = usedCarDisclaimer('used', long);
    expect(shown?.full).toBe(long);
    expect(shown?.short).toBe(`${long.slice(0, USED_CAR_DISCLAIMER_SHORT).trimEnd()}…`);
    expect(shown?.short?.length).toBeLessThanOrEqual(USED_CAR_DISCLAIMER_SHORT + 1);
  });

  it('shows a short disclaimer whole, with nothing to toggle', () => {
    expect(usedCarDisclaimer('used', '  Drive-away price.  ')).toEqual({ full: 'Drive-away price.' });
  });

  it('is for used cars only, and only when the tenant wrote one', () => {
    expect(usedCarDisclaimer('new', long)).toBeUndefined();
    expect(usedCarDisclaimer('demo', long)).toBeUndefined();
    expect(usedCarDisclaimer(undefined, long)).toBeUndefined();
    expect(usedCarDisclaimer('used', undefined)).toBeUndefined();
    expect(usedCarDisclaimer('used', '   ')).toBeUndefined();
  });
});
