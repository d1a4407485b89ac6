import { describe, expect, it } from 'vitest';
import { driveAwayRange, featureView, lowestDriveAway, orderNowHref, variantLayout, variantsHeading } from './variants';

const features = (n: number) => Array.from({ length: n }, (_, i) => `Feature ${i + 1}`);

describe('variants and models (conversion §2.5, §4.6, §9)', () => {
  it('lays out 2 or fewer variants as a grid, more as a slider with arrows at 4 or more', () => {
    expect(variantLayout(1)).toEqual({ kind: 'grid' });
    expect(variantLayout(2)).toEqual({ kind: 'grid' });
    expect(variantLayout(3)).toEqual({ kind: 'slider', arrows: false });
    expect(variantLayout(4)).toEqual({ kind: 'slider', arrows: true });
    expect(variantLayout(9)).toEqual({ kind: 'slider', arrows: true });
  });
  it("titles the section 'Which {make model} will you choose?', or 'Features' for one variant", () => {
    expect(variantsHeading('Mazda', 'CX-5', 5)).toBe('Which Mazda CX-5 will you choose?');
    expect(variantsHeading('Mazda', 'MX-5', 1)).toBe('Features');
  });
  it('shows the first 8 features with View more, all with View less, and all at once when the tenant opts out', () => {
    expect(featureView(features(12), false, false)).toEqual({ shown: features(8), toggle: 'View more' });
    expect(featureView(features(12), true, false)).toEqual({ shown: features(12), toggle: 'View less' });
    expect(featureView(features(8), false, false)).toEqual({ shown: features(8), toggle: null });
    expect(featureView(features(12), false, true)).toEqual({ shown: features(12), toggle: null });
  });
  it('shows the drive-away range from dap_min_price to dap_max_price', () => {
    expect(driveAwayRange(37990, 39990, 'AUD')).toBe('Drive away $37,990 – $39,990');
    expect(driveAwayRange(37990, 37990, 'AUD')).toBe('Drive away $37,990');
    expect(driveAwayRange(undefined, 41000, 'AUD')).toBe('Drive away $41,000');
    expect(driveAwayRange(undefined, undefined, 'AUD')).toBeUndefined();
    expect(lowestDriveAway([{ dap_min_price: 42990 }, { dap_min_price: 37990 }, {}])).toBe(37990);
    expect(lowestDriveAway([{}])).toBeUndefined();
  });
  it('links a variant to the order-now page with model_id, model_name and vehicle (conversion §2.3)', () => {
    expect(orderNowHref('/models/order-now', 'mazda-cx-5', 'CX-5', 'CX-5 G25 GT SP')).toBe(
      '/models/order-now?model_id=mazda-cx-5&model_name=CX-5&vehicle=CX-5+G25+GT+SP',
    );
    expect(orderNowHref('/quote?src=model', 'a', 'A', 'A 1')).toBe(
      '/quote?src=model&model_id=a&model_name=A&vehicle=A+1',
    );
  });
});
