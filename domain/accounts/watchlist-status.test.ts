import { describe, expect, it } from 'vitest';
import { watchlistButtonShown, watchlistStatus } from './watchlist-status';

describe('watchlist status (issue 8: a saved car that sells shows as sold)', () => {
  it('shows sold even when the sold window has passed', () => {
    expect(watchlistStatus({ status: 'sold' }, true)).toBe('sold');
    expect(watchlistStatus({ status: 'sold' }, false)).toBe('sold');
    expect(watchlistStatus({ status: 'other' }, true)).toBe('sold');
  });
  it('shows reserved, coming soon and available from the car itself', () => {
    expect(watchlistStatus({ status: 'in_stock', reserved: true }, true)).toBe('reserved');
    expect(watchlistStatus({ status: 'coming_soon' }, true)).toBe('coming-soon');
    expect(watchlistStatus({ status: 'in_stock' }, true)).toBe('available');
  });
  it('shows a car the site no longer lists, or that was removed, as gone', () => {
    expect(watchlistStatus({ status: 'in_stock' }, false)).toBe('gone');
    expect(watchlistStatus(undefined, false)).toBe('gone');
  });
  it('hides Save for sold cars not already saved (catalogue §4)', () => {
    expect(watchlistButtonShown(true, false)).toBe(false);
    expect(watchlistButtonShown(true, true)).toBe(true);
    expect(watchlistButtonShown(false, false)).toBe(true);
  });
});
