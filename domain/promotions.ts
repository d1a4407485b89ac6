/** spec: catalogue §9 — promotions show from their start date until their expiry date (inclusive), in the site's time zone. */
export function isCurrent(promotion: { start?: string; expiry?: string }, now: Date, timeZone: string): boolean {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  if (promotion.start && today < promotion.start) return false;
  if (promotion.expiry && today > promotion.expiry) return false;
  return true;
}
