/**
 * The stats banner's stock figure (catalogue §9): "Store-count threshold 1999 above which a
 * configured stock count is shown". Up to the threshold the banner shows the live count of the
 * cars the site lists; above it, the figure the dealer configured (e.g. '2,000+'), which stays
 * true as stock moves around a large number. Pure.
 */

// spec: catalogue §9 — store-count threshold 1999.
export const STOCK_COUNT_THRESHOLD = 1999;

export function stockCountFigure(listed: number, aboveThreshold: string): string {
  return listed > STOCK_COUNT_THRESHOLD ? aboveThreshold : listed.toLocaleString('en-AU');
}
