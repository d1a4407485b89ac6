import { describe, expect, it } from 'vitest';
import { STOCK_COUNT_THRESHOLD, stockCountFigure } from './stock-count';

describe('stockCountFigure (catalogue §9: store-count threshold 1999)', () => {
  it('shows the live count up to 1999, and the configured figure above it', () => {
    expect(STOCK_COUNT_THRESHOLD).toBe(1999);
    expect(stockCountFigure(0, '2,000+')).toBe('0');
    expect(stockCountFigure(1234, '2,000+')).toBe('1,234');
    expect(stockCountFigure(1999, '2,000+')).toBe('1,999');
    expect(stockCountFigure(2000, '2,000+')).toBe('2,000+');
    expect(stockCountFigure(3655, 'Over 3,000')).toBe('Over 3,000');
  });
});
