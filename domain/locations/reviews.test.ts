import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_MIN_RATING, REVIEWS_SHOWN, reviewsToShow, showsRatingSummary } from './reviews';

const review = (id: number, rating: number, review_date?: string) => ({
  id,
  customer_name: `C${id}`,
  rating,
  review_date,
});
const ids = (list: ReadonlyArray<{ id: number }>) => list.map((r) => r.id);

describe('reviews shown on a location page', () => {
  // spec: conversion §9 — "Review minimum rating 4"; §5.4 — "Review display needs at least the configured minimum rating (default 4)".
  it('shows only reviews at or above the minimum rating, 4 by default', () => {
    expect(DEFAULT_REVIEW_MIN_RATING).toBe(4);
    const list = [
      review(1, 5, '2025-01-01'),
      review(2, 4, '2025-01-02'),
      review(3, 3.9, '2025-01-03'),
      review(4, 2, '2025-01-04'),
    ];
    expect(ids(reviewsToShow(list))).toEqual([2, 1]);
    expect(ids(reviewsToShow(list, { minRating: 5 }))).toEqual([1]);
    expect(ids(reviewsToShow(list, { minRating: 2 }))).toEqual([4, 3, 2, 1]);
  });

  // spec: conversion §9 — "full quantity of reviews shown 12".
  it('shows at most 12', () => {
    expect(REVIEWS_SHOWN).toBe(12);
    const many = Array.from({ length: 20 }, (_, i) => review(i + 1, 5, `2025-02-${String(i + 1).padStart(2, '0')}`));
    const shown = reviewsToShow(many);
    expect(shown).toHaveLength(12);
    expect(shown[0]?.id).toBe(20);
    expect(shown[11]?.id).toBe(9);
  });

  it('puts the newest first, undated ones last, and keeps the given order within a day', () => {
    const list = [review(1, 5), review(2, 5, '2024-12-31'), review(3, 5, '2025-03-01'), review(4, 4, '2025-03-01')];
    expect(ids(reviewsToShow(list))).toEqual([3, 4, 2, 1]);
  });

  it('leaves the input unchanged', () => {
    const list = [review(1, 5, '2024-01-01'), review(2, 5, '2025-01-01')];
    reviewsToShow(list);
    expect(ids(list)).toEqual([1, 2]);
  });
});

describe('rating summary', () => {
  it('shows the average rating only at or above the minimum', () => {
    expect(showsRatingSummary(4.6)).toBe(true);
    expect(showsRatingSummary(4)).toBe(true);
    expect(showsRatingSummary(3.9)).toBe(false);
    expect(showsRatingSummary(3.9, 3.5)).toBe(true);
    expect(showsRatingSummary(undefined)).toBe(false);
  });
});
