import { MemoryRateLimit } from './memory-rate-limit';

/**
 * Limits on the vehicle page's little interactions (catalogue §7), per caller address and site, in
 * this process like the report limits: a phone reveal is a lead record for the dealer, and a view
 * count is shown to shoppers, so neither may be inflated by one script.
 */
/** Twenty phone reveals in ten minutes is far more than a person browsing cars makes. */
export const PHONE_REVEALS_PER_WINDOW = 20;
export const PHONE_REVEAL_WINDOW_MS = 10 * 60_000;
/** One counted view per address per car in half an hour: reloading the page is not another view. */
export const VIEW_WINDOW_MS = 30 * 60_000;

const limits = {
  phoneReveal: new MemoryRateLimit(PHONE_REVEALS_PER_WINDOW, PHONE_REVEAL_WINDOW_MS),
  view: new MemoryRateLimit(1, VIEW_WINDOW_MS),
};

export const PHONE_REVEAL_LIMIT_MESSAGE =
  'Too many phone numbers shown from here in the last few minutes. Please try again later, or call the dealership on the number on this page.';

/** Counts one phone reveal; false when this address is over its limit on this site. */
export function phoneRevealAllowed(site: string, ip: string | undefined, now = Date.now()): boolean {
  return limits.phoneReveal.take(`${site}|${ip ?? 'unknown'}`, now);
}

/** Whether this view of a car counts: the first from an address in VIEW_WINDOW_MS does, the rest do not. */
export function viewCounts(site: string, ip: string | undefined, carId: number, now = Date.now()): boolean {
  return limits.view.take(`${site}|${ip ?? 'unknown'}|${carId}`, now);
}
