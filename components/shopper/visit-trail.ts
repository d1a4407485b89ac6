'use client';

/**
 * Where the shopper has been on this site in this visit, sent with a lead as lead_attributes
 * (conversion §3: visited_pages, linked_query_params). Session storage: it ends with the visit.
 */
const PAGES_KEY = 'visited_pages';
const PARAMS_KEY = 'linked_query_params';
const MAX_PAGES = 50;
/** Campaign parameters a dealer's marketing team attributes leads by. */
const CAMPAIGN_PARAMS = /^(utm_[a-z]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid)$/;

function read<T>(key: string, fallback: T): T {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function recordVisit(path: string, search: string): void {
  try {
    const pages = read<string[]>(PAGES_KEY, []);
    if (pages[pages.length - 1] !== path)
      sessionStorage.setItem(PAGES_KEY, JSON.stringify([...pages, path].slice(-MAX_PAGES)));
    const params = read<Record<string, string>>(PARAMS_KEY, {});
    let changed = false;
    for (const [key, value] of new URLSearchParams(search)) {
      // First touch wins: the campaign that brought the shopper in.
      if (CAMPAIGN_PARAMS.test(key) && !(key in params)) {
        params[key] = value.slice(0, 300);
        changed = true;
      }
    }
    if (changed) sessionStorage.setItem(PARAMS_KEY, JSON.stringify(params));
  } catch {
    // Storage can be off (private mode); a lead without its trail is still a lead.
  }
}

export function visitTrail(): { visited_pages: string[]; linked_query_params: Record<string, string> } {
  return {
    visited_pages: read<string[]>(PAGES_KEY, []),
    linked_query_params: read<Record<string, string>>(PARAMS_KEY, {}),
  };
}
