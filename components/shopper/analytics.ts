'use client';

/**
 * Analytics events (catalogue §7: 39 save to favourites or watchlist, 25 phone click, 26 finance
 * calculator use, ...) go to the page's data layer for the site's tag manager. A failure is caught
 * and logged (catalogue §8), never shown to the shopper.
 */
export function track(eventId: number, detail: Record<string, unknown> = {}): void {
  try {
    const w = window as unknown as { dataLayer?: unknown[] };
    w.dataLayer ??= [];
    w.dataLayer.push({ event: 'platform_event', event_id: eventId, ...detail });
  } catch (error) {
    console.error('Analytics failed', error);
  }
}
