import { dateInTimeZone } from './format';

/** spec: catalogue §9 — promotions show from their start date until their expiry date (inclusive), in the site's time zone. */
export function isCurrent(promotion: { start?: string; expiry?: string }, now: Date, timeZone: string): boolean {
  const today = dateInTimeZone(now, timeZone);
  if (promotion.start && today < promotion.start) return false;
  if (promotion.expiry && today > promotion.expiry) return false;
  return true;
}
