import { SharedRateLimit } from '../../services/rate-limit';

/**
 * Limits on the vehicle page's little interactions (catalogue §7), per caller address and site,
 * counted in the database like the report limits so they hold across every process (issue 17): a
 * phone reveal is a lead record for the dealer, and a view count is shown to shoppers, so neither
 * may be inflated by one script.
 */
/** Twenty phone reveals in ten minutes is far more than a person browsing cars makes. */
export const PHONE_REVEALS_PER_WINDOW = 20;
export const PHONE_REVEAL_WINDOW_MS = 10 * 60_000;
/** One counted view per address per car in half an hour: reloading the page is not another view. */
export const VIEW_WINDOW_MS = 30 * 60_000;

const limits = {
  phoneReveal: new SharedRateLimit('phone-reveal', PHONE_REVEALS_PER_WINDOW, PHONE_REVEAL_WINDOW_MS),
  view: new SharedRateLimit('car-view', 1, VIEW_WINDOW_MS),
};

export const PHONE_REVEAL_LIMIT_MESSAGE =
  'Too many phone numbers shown from here in the last few minutes. Please try again later, or call the dealership on the number on this page.';

/**
 * Counts one phone reveal; false when this address is over its limit on this site. When the limit
 * cannot be checked (database failure, logged) the reveal goes ahead: the shopper asked for a phone
 * number, not a lead, and recording the reveal needs the database anyway, whose failure the route
 * answers with the number still on the page.
 */
export async function phoneRevealAllowed(site: string, ip: string | undefined, now = Date.now()): Promise<boolean> {
  return (await limits.phoneReveal.attempt(`${site}|${ip ?? 'unknown'}`, now)) !== 'limited';
}

/**
 * Whether this view of a car counts: the first from an address in VIEW_WINDOW_MS does, the rest do
 * not. When the limit cannot be checked (database failure, logged) the view is not counted: the
 * shopper still gets the page and the total, and a count that is shown to shoppers is never
 * inflated while the limit is down.
 */
export async function viewCounts(
  site: string,
  ip: string | undefined,
  carId: number,
  now = Date.now(),
): Promise<boolean> {
  return (await limits.view.attempt(`${site}|${ip ?? 'unknown'}|${carId}`, now)) === 'allowed';
}
