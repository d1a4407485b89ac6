/** Which maps-service reviews a location page shows (conversion §3 Review, §5.4, §9). */

// spec: conversion §9 — "Review minimum rating 4"; §5.4 — "Review display needs at least the
// configured minimum rating (default 4)". A tenant may configure another minimum.
export const DEFAULT_REVIEW_MIN_RATING = 4;
// spec: conversion §9 — "full quantity of reviews shown 12".
export const REVIEWS_SHOWN = 12;

/** What the rule reads of a review (a FeedReview fits). */
export interface RatedReview {
  id?: number;
  rating: number;
  review_date?: string | null;
}

export interface ReviewOptions {
  /** The tenant's minimum rating; DEFAULT_REVIEW_MIN_RATING when unset. */
  minRating?: number;
  /** How many to show; REVIEWS_SHOWN when unset. */
  limit?: number;
}

/** Sortable time of a review date, or -Infinity so that undated reviews go last. */
function dateValue(date: string | null | undefined): number {
  const time = date ? Date.parse(date) : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

/**
 * The reviews to show: rated at or above the minimum, newest first, at most 12. Reviews of the
 * same day keep their given order, so the page does not reshuffle between renders.
 */
export function reviewsToShow<T extends RatedReview>(reviews: readonly T[], options: ReviewOptions = {}): T[] {
  const minRating = options.minRating ?? DEFAULT_REVIEW_MIN_RATING;
  const limit = options.limit ?? REVIEWS_SHOWN;
  return reviews
    .filter((review) => Number.isFinite(review.rating) && review.rating >= minRating)
    .map((review, index) => ({ review, index, time: dateValue(review.review_date) }))
    .sort((a, b) => (a.time === b.time ? a.index - b.index : b.time - a.time))
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.review);
}

/**
 * Whether the location's overall rating badge shows. §5.4 does not say whether the minimum applies
 * to each review or to the summary; applying it to both means a site never advertises a rating it
 * would not show reviews for.
 */
export function showsRatingSummary(
  averageRating: number | null | undefined,
  minRating: number = DEFAULT_REVIEW_MIN_RATING,
): boolean {
  return typeof averageRating === 'number' && Number.isFinite(averageRating) && averageRating >= minRating;
}
