/**
 * Location tabs and the order locations are listed in (catalogue §2 Locations listing, §4 Location
 * tabs).
 */

export type LocationTab = 'sales' | 'used' | 'service' | 'parts';

// spec: catalogue §2 Locations listing — "tabs for sales, used, service and parts"; §4 — "Locations
// sort in the order none, sales, used, service, parts". Tabs follow the same order.
export const LOCATION_TABS: readonly LocationTab[] = ['sales', 'used', 'service', 'parts'];

export const LOCATION_TAB_LABELS: Readonly<Record<LocationTab, string>> = {
  sales: 'Sales',
  used: 'Used',
  service: 'Service',
  parts: 'Parts',
};

/** What the tab and sort rules need of a location (a FeedLocation fits). */
export interface TypedLocation {
  location_type?: string | null;
}

/**
 * Sort rank per location type. 'none' (empty) comes before 'sales' although both land on the sales
 * tab, because the spec lists them apart. 'service-and-parts' (conversion §3) sits between service
 * and parts: it belongs to both.
 */
const TYPE_RANK: Readonly<Record<string, number>> = {
  '': 0,
  sales: 1,
  used: 2,
  service: 3,
  'service-and-parts': 3.5,
  parts: 4,
};
/** A type the spec does not know sorts after every known one rather than disappearing. */
const UNKNOWN_RANK = 5;

function normalisedType(location: TypedLocation): string {
  return (location.location_type ?? '').trim().toLowerCase();
}

/**
 * The tabs a location appears on. spec: catalogue §2 — "an empty location type means sales";
 * conversion §3 — "service-and-parts also appears", so it is listed under service and under parts.
 * An unknown type is on no tab: guessing would put a location under a heading it does not serve.
 */
export function tabsOfLocation(location: TypedLocation): LocationTab[] {
  const type = normalisedType(location);
  if (type === '' || type === 'sales') return ['sales'];
  if (type === 'service-and-parts') return ['service', 'parts'];
  return (LOCATION_TABS as readonly string[]).includes(type) ? [type as LocationTab] : [];
}

/** The tabs that have at least one location, in the fixed order sales, used, service, parts. */
export function tabsForLocations(locations: readonly TypedLocation[]): LocationTab[] {
  const present = new Set(locations.flatMap(tabsOfLocation));
  return LOCATION_TABS.filter((tab) => present.has(tab));
}

/**
 * spec: catalogue §4 Location tabs — "the first tab is selected at first and again whenever the
 * location list changes". Undefined when no location has a tab.
 */
export function initialLocationTab(locations: readonly TypedLocation[]): LocationTab | undefined {
  return tabsForLocations(locations)[0];
}

/**
 * spec: catalogue §4 — "Locations sort in the order none, sales, used, service, parts". A new
 * array; locations of the same type keep the feed's order (Array.prototype.sort is stable).
 */
export function sortLocationsByType<T extends TypedLocation>(locations: readonly T[]): T[] {
  const rank = (location: T): number => TYPE_RANK[normalisedType(location)] ?? UNKNOWN_RANK;
  return [...locations].sort((a, b) => rank(a) - rank(b));
}

/** The locations listed under one tab, in the spec's sort order. */
export function locationsInTab<T extends TypedLocation>(locations: readonly T[], tab: LocationTab): T[] {
  return sortLocationsByType(locations.filter((location) => tabsOfLocation(location).includes(tab)));
}

/** How a dealership's locations are split into tabs: by kind of location, or one tab each. */
export type LocationTabMode = 'type' | 'location';

export interface LocationTabItem<T> {
  /** Stable across renders: the kind, or `location-{id}`. */
  key: string;
  label: string;
  locations: T[];
}

/**
 * The tabs of one dealership's block. 'type': catalogue §2 — "tabs for sales, used, service and
 * parts". 'location': catalogue §9 — "One tab per location in a group", each tab holding that one
 * location, in the spec's type order (catalogue §4) so a group's sales sites come before its parts.
 * A location of an unknown type still gets its own tab: it is named, so nothing is guessed.
 */
export function locationTabItems<T extends TypedLocation & { id: number; name: string }>(
  locations: readonly T[],
  mode: LocationTabMode,
): LocationTabItem<T>[] {
  if (mode === 'location')
    return sortLocationsByType(locations).map((location) => ({
      key: `location-${location.id}`,
      label: location.name,
      locations: [location],
    }));
  return tabsForLocations(locations).map((tab) => ({
    key: tab,
    label: LOCATION_TAB_LABELS[tab],
    locations: locationsInTab(locations, tab),
  }));
}
