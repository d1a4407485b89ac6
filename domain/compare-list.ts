/**
 * The compare list kept in the browser (catalogue §1, §6): its limit, storage, and the rules for
 * adding and removing. Apart from the comparison table (domain/compare.ts) so that the compare
 * button on every card carries only these rules to the browser.
 */
import { parseRowId } from './ids';

/** At most this many cars side by side: four columns still fit a laptop screen. */
export const COMPARE_LIMIT = 4;
export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_LIMIT} cars`;
export const COMPARE_FULL_HINT = 'Remove a car from your comparison to add this one.';
export const NO_LONGER_AVAILABLE = 'No longer available';
/** The comparison page of the base template (pages-json/base/pages.json). */
export const COMPARE_PATH = '/compare';

/** One car the shopper picked, kept in the browser like a favourite (catalogue §3 Favourite entry). */
export interface CompareEntry {
  id: number;
  name: string;
  slug: string;
  primary_image_url?: string;
}

/** Per-site key, as favourites: two dealer sites on one browser keep their own lists. */
export const compareStorageKey = (site: string): string => `compare:${site}`;

const isEntry = (value: unknown): value is CompareEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'number' &&
    Number.isSafeInteger(entry.id) &&
    entry.id > 0 &&
    typeof entry.name === 'string' &&
    typeof entry.slug === 'string' &&
    (entry.primary_image_url === undefined || typeof entry.primary_image_url === 'string')
  );
};

/**
 * What storage holds, made usable: a hand edit or an older shape must not break every page, so
 * anything that is not an entry is dropped, a car listed twice counts once, and a list longer than
 * the limit keeps its first cars.
 */
export function cleanCompareList(stored: unknown): CompareEntry[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<number>();
  const list: CompareEntry[] = [];
  for (const value of stored) {
    if (!isEntry(value) || seen.has(value.id)) continue;
    seen.add(value.id);
    list.push({
      id: value.id,
      name: value.name,
      slug: value.slug,
      ...(value.primary_image_url ? { primary_image_url: value.primary_image_url } : {}),
    });
    if (list.length === COMPARE_LIMIT) break;
  }
  return list;
}

export type CompareAdd =
  | { ok: true; list: CompareEntry[] }
  /** The list is full: nothing is dropped to make room; the shopper is told why. */
  | { ok: false; list: CompareEntry[]; message: string };

/** Adds a car at the end; a car already there stays where it is (adding twice is not an error). */
export function addToCompare(list: readonly CompareEntry[], entry: CompareEntry): CompareAdd {
  const current = cleanCompareList(list);
  if (current.some((c) => c.id === entry.id)) return { ok: true, list: current };
  if (current.length >= COMPARE_LIMIT) return { ok: false, list: current, message: COMPARE_FULL_MESSAGE };
  return { ok: true, list: [...current, entry] };
}

/** The polite announcement after the shopper adds or removes a car. */
export function compareNews(name: string, change: 'added' | 'removed', count: number): string {
  const picked = `${count} of ${COMPARE_LIMIT} cars picked to compare.`;
  return change === 'added' ? `${name} added to compare. ${picked}` : `${name} removed from compare. ${picked}`;
}

export function removeFromCompare(list: readonly CompareEntry[], id: number): CompareEntry[] {
  return cleanCompareList(list).filter((c) => c.id !== id);
}

/**
 * The ids of `GET /api/compare?ids=1,2,3`: whole positive numbers, at most COMPARE_LIMIT of them
 * (duplicates count once). Anything else is refused with a message, never guessed at.
 */
export function parseCompareIds(param: string | null): { ok: true; ids: number[] } | { ok: false; error: string } {
  const usage = `Give up to ${COMPARE_LIMIT} car ids as ?ids=1,2,3`;
  if (param === null || param.trim() === '') return { ok: false, error: usage };
  const parts = param.split(',').map((p) => p.trim());
  // Past a database id (parseRowId) is refused like any other non-id: the query would fail on PostgreSQL.
  const parsed = parts.map((p) => (/^[1-9]\d*$/.test(p) ? parseRowId(p) : undefined));
  if (!parsed.every((id) => id !== undefined)) return { ok: false, error: usage };
  const ids = [...new Set(parsed)];
  if (ids.length === 0 || ids.length > COMPARE_LIMIT) return { ok: false, error: usage };
  return { ok: true, ids };
}
