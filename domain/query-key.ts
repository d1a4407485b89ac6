/**
 * The cache key of a page that reads only the query string (issue 19: the search page). Two
 * addresses that ask the same search get the same key: parameters sorted by name (the order of a
 * repeated name kept), empty values and tracking parameters (utm_*, gclid, fbclid, ...) dropped, and
 * Next's `_rsc` cache-buster left out. The key is the query as base64url, so it fits one path
 * segment; a query longer than MAX_QUERY_KEY_LENGTH has no key and its page is rendered per request,
 * so no one can make the page cache hold huge entries.
 */
const TRACKING = /^(?:utm_[a-z0-9_]*|gclid|gbraid|wbraid|dclid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl|_rsc)$/i;

export const MAX_QUERY_KEY_LENGTH = 1536;

export function normaliseQuery(params: URLSearchParams): string {
  const kept = [...params.entries()].filter(([name, value]) => value !== '' && !TRACKING.test(name));
  // Array.prototype.sort is stable: refinementList[make][0] and [1] keep their order.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The key for a normalised query; '' for no query; undefined when it is too long to cache. */
export function encodeQueryKey(query: string): string | undefined {
  if (query === '') return '';
  const key = toBase64Url(query);
  return key.length <= MAX_QUERY_KEY_LENGTH ? key : undefined;
}

/** The query a key stands for; undefined for anything encodeQueryKey would not have written. */
export function decodeQueryKey(key: string): string | undefined {
  if (key.length > MAX_QUERY_KEY_LENGTH || !/^[A-Za-z0-9_-]*$/.test(key)) return undefined;
  try {
    const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
    const query = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    // Only the one spelling the proxy writes: a different key for the same query would be a second cache entry.
    return encodeQueryKey(query) === key ? query : undefined;
  } catch {
    return undefined;
  }
}
