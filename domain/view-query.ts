/**
 * The query of GET {api}/cars/{slug}/view.json?photos_count&updated_at&website_id (catalogue §7):
 * read and checked before anything is counted, so a bad value gets a 400 with a sentence, never a
 * 500. Every parameter is optional: an old page that sends none still has its view counted. Pure.
 */

export interface ViewQuery {
  /** How many photos the page showed. */
  photosCount?: number;
  /** When the car was last updated as the page knew it (ms since 1970), to tell whether the page is out of date. */
  updatedAt?: number;
  /** The site the page belongs to (the site's slug); the site itself comes from the host. */
  websiteId?: string;
}

export type ViewQueryResult = { ok: true; query: ViewQuery } | { ok: false; error: string };

/** Far more photos than any listing has; a bigger number is not a photo count. */
export const MAX_PHOTOS_COUNT = 10_000;
const MAX_WEBSITE_ID = 100;
// An ISO 8601 date (2026-01-01) or date-time with an optional fraction and a Z or ±hh:mm offset.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A car's last-update time as the updated_at parameter carries it: ISO 8601 in UTC. */
export function viewUpdatedAtParam(updatedAt: string | null | undefined): string | undefined {
  if (!updatedAt) return undefined;
  const time = Date.parse(updatedAt);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The calendar date exists: V8 would read 2026-02-30 as 2 March. */
function realDate(text: string): boolean {
  const [year = NaN, month = NaN, day = NaN] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function single(params: URLSearchParams, name: string): { value?: string; error?: string } {
  const values = params.getAll(name);
  if (values.length > 1) return { error: `Give ${name} once, not ${values.length} times.` };
  const value = values[0]?.trim();
  return value ? { value } : {};
}

export function parseViewQuery(params: URLSearchParams): ViewQueryResult {
  const query: ViewQuery = {};

  const photos = single(params, 'photos_count');
  if (photos.error) return { ok: false, error: photos.error };
  if (photos.value !== undefined) {
    if (!/^\d{1,6}$/.test(photos.value) || Number(photos.value) > MAX_PHOTOS_COUNT)
      return {
        ok: false,
        error: `photos_count must be a whole number from 0 to ${MAX_PHOTOS_COUNT}; it was '${photos.value.slice(0, 40)}'.`,
      };
    query.photosCount = Number(photos.value);
  }

  const updated = single(params, 'updated_at');
  if (updated.error) return { ok: false, error: updated.error };
  if (updated.value !== undefined) {
    const time = ISO_DATE.test(updated.value) && realDate(updated.value) ? Date.parse(updated.value) : NaN;
    if (Number.isNaN(time))
      return {
        ok: false,
        error: `updated_at must be an ISO 8601 date or date-time such as 2026-11-20T03:04:05Z; it was '${updated.value.slice(0, 40)}'.`,
      };
    query.updatedAt = time;
  }

  const website = single(params, 'website_id');
  if (website.error) return { ok: false, error: website.error };
  if (website.value !== undefined) {
    if (website.value.length > MAX_WEBSITE_ID)
      return { ok: false, error: `website_id must be at most ${MAX_WEBSITE_ID} characters.` };
    query.websiteId = website.value;
  }
  return { ok: true, query };
}

/**
 * Whether the car changed after the page was made: the page's updated_at is older than the stored
 * one. Unknown on either side: not changed, so nothing is claimed without evidence.
 */
export function changedSincePage(pageUpdatedAt: number | undefined, storedUpdatedAt: string | undefined): boolean {
  if (pageUpdatedAt === undefined || !storedUpdatedAt) return false;
  const stored = Date.parse(storedUpdatedAt);
  return !Number.isNaN(stored) && stored > pageUpdatedAt;
}
