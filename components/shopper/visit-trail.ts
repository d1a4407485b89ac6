'use client';

import { atom } from 'jotai';
import { isRecord, listOf, storedAtom } from './store';

/**
 * Where the shopper has been on this site in this visit, sent with a lead as lead_attributes
 * (conversion §3: visited_pages, linked_query_params). Session storage: it ends with the visit.
 */
const MAX_PAGES = 50;
/** Campaign parameters a dealer's marketing team attributes leads by. */
const CAMPAIGN_PARAMS = /^(utm_[a-z]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid)$/;

const textRecord = (value: unknown, initial: Record<string, string>): Record<string, string> =>
  isRecord(value)
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : initial;

// The keys visitors' browsers already hold (one tab is one site).
const visitedPagesAtom = storedAtom<string[]>('sessionStorage', 'visited_pages', [], listOf);
const linkedQueryParamsAtom = storedAtom<Record<string, string>>(
  'sessionStorage',
  'linked_query_params',
  {},
  textRecord,
);

/** Notes a page of the visit: its path (not twice in a row) and the campaign parameters that first brought the shopper. */
export const recordVisitAtom = atom(null, (_get, set, visit: { path: string; search: string }) => {
  set(visitedPagesAtom, (pages) =>
    pages[pages.length - 1] === visit.path ? pages : [...pages, visit.path].slice(-MAX_PAGES),
  );
  set(linkedQueryParamsAtom, (params) => {
    const next = { ...params };
    let changed = false;
    for (const [key, value] of new URLSearchParams(visit.search)) {
      // First touch wins: the campaign that brought the shopper in.
      if (CAMPAIGN_PARAMS.test(key) && !(key in next)) {
        next[key] = value.slice(0, 300);
        changed = true;
      }
    }
    return changed ? next : params;
  });
});

/** The visit so far, as a lead carries it; empty until the browser has read it. */
export const visitTrailAtom = atom((get) => ({
  visited_pages: get(visitedPagesAtom),
  linked_query_params: get(linkedQueryParamsAtom),
}));
