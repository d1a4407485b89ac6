/** The 'Search locations...' box (catalogue §2 Locations listing, §5 location text search). */

// spec: catalogue §2 — the box "writes its value to the query parameter locationQuery on every change".
export const LOCATION_QUERY_PARAM = 'locationQuery';
export const LOCATION_SEARCH_PLACEHOLDER = 'Search locations...';

/** What the search reads of a location (a FeedLocation fits). */
export interface SearchableLocation {
  name: string;
  location_type?: string | null;
  address?: { street?: string | null; postcode?: string | null } | null;
}

/**
 * spec: catalogue §5 — "The location text search matches name, postcode, street and location
 * type, case-insensitively."
 *
 * - The query is trimmed, so a stray space typed into the box does not empty the list; an empty
 *   query matches every location.
 * - Each word of the query must occur in one of those fields (not necessarily the same one), so
 *   'mazda 2015' finds a Mazda dealer's location in postcode 2015. A query that occurs whole in one field still
 *   matches, as the spec asks.
 * - An empty location type searches as 'sales' (catalogue §2: "an empty location type means
 *   sales"), so typing 'sales' finds the locations shown on the Sales tab.
 */
export function matchesLocationQuery(location: SearchableLocation, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const type = (location.location_type ?? '').trim() || 'sales';
  const fields = [location.name, location.address?.postcode ?? '', location.address?.street ?? '', type].map((field) =>
    field.toLowerCase(),
  );
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/** The locations matching a query, in their given order. */
export function filterLocationsByQuery<T extends SearchableLocation>(locations: readonly T[], query: string): T[] {
  return locations.filter((location) => matchesLocationQuery(location, query));
}
